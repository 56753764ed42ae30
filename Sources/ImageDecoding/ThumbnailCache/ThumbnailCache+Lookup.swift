import FileSystem
import Foundation

extension ThumbnailCache {
  /// A source file as the standard identifies it: its URI, modification time and size.
  struct SourceStamp: Sendable {
    var path: String
    var uri: String
    var mtime: Int
    var size: Int

    /// The cache file name: the MD5 of the URI, plus `.png`.
    var cacheFileName: String { MD5.hexDigest(of: uri) + ".png" }
  }

  /// `stat(2)`s the source; an error names the file when it is missing or not a regular file.
  static func stamp(of fileURL: URL) throws(DecodeError) -> SourceStamp {
    let path = fileURL.standardizedFileURL.path
    let info: stat
    do {
      info = try POSIX.targetInfo(path)
    } catch {
      throw DecodeError(error, doing: "cannot read file")
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw DecodeError(.io, path: path, reason: "not a regular file")
    }
    return SourceStamp(
      path: path, uri: uri(forPath: path), mtime: Int(info.st_mtim.tv_sec), size: Int(info.st_size))
  }

  /// Whether a cached file's metadata describes the source as it is now: same URI and mtime,
  /// and same size when a size was recorded.
  static func describes(_ metadata: ThumbnailMetadata?, _ stamp: SourceStamp) -> Bool {
    guard let metadata, metadata.uri == stamp.uri, metadata.mtime == stamp.mtime else {
      return false
    }
    return metadata.fileSize.map { $0 == stamp.size } ?? true
  }

  /// The cached thumbnail of `stamp` at `size` when it is fresh, and not larger than the folder
  /// allows, else nil.
  func freshThumbnailURL(_ stamp: SourceStamp, size: ThumbnailSize) -> URL? {
    let url = root.appendingPathComponent(size.folderName)
      .appendingPathComponent(stamp.cacheFileName)
    guard let metadata = ThumbnailMetadata.read(fromFileAt: url.path),
      Self.describes(metadata, stamp),
      metadata.width >= 1, metadata.height >= 1,
      max(metadata.width, metadata.height) <= size.pixels
    else { return nil }
    return url
  }

  /// The recorded failure for `stamp`, when one is fresh, as the error to report.
  func recordedFailure(_ stamp: SourceStamp) -> DecodeError? {
    let url = root.appendingPathComponent("fail").appendingPathComponent(Self.failureFolderName)
      .appendingPathComponent(stamp.cacheFileName)
    guard let metadata = ThumbnailMetadata.read(fromFileAt: url.path),
      Self.describes(metadata, stamp)
    else { return nil }
    let code =
      metadata.text[ThumbnailMetadata.Key.failureCode].flatMap(DecodeError.Code.init(rawValue:))
      ?? .corruptData
    let reason = metadata.text[ThumbnailMetadata.Key.failureReason] ?? "could not be thumbnailed"
    return DecodeError(
      code, path: stamp.path, reason: "\(reason) (failed before; retried when the file changes)")
  }

  /// The URL of the thumbnail of `fileURL` at `size` when the cache holds a fresh one, else nil.
  /// Reads only the cached file's header chunks.
  public func freshCachedURL(for fileURL: URL, size: ThumbnailSize) -> URL? {
    guard let stamp = try? Self.stamp(of: fileURL) else { return nil }
    return freshThumbnailURL(stamp, size: size)
  }

  /// The thumbnail of `fileURL` at `size`: decoded from the cache when fresh, else made,
  /// stored and returned.
  ///
  /// A damaged cached PNG is made again, never trusted. A file that failed before and has not
  /// changed since throws its recorded error without being decoded again, unless `force`.
  public func thumbnail(
    for fileURL: URL, size: ThumbnailSize, force: Bool = false
  ) throws(DecodeError) -> PixelImage {
    let stamp = try Self.stamp(of: fileURL)
    if !force {
      if let url = freshThumbnailURL(stamp, size: size),
        let image = try? codec.decode(url.path),
        image.width >= 1, max(image.width, image.height) <= size.pixels
      {
        return image
      }
      if let failure = recordedFailure(stamp) { throw failure }
    }
    return try make(stamp, size: size)
  }

  /// Makes sure the cache holds a fresh thumbnail of `fileURL` at `size`, and says whether it
  /// was there already, was made now, or could not be made. Never decodes a cached thumbnail.
  public func ensureThumbnail(
    for fileURL: URL, size: ThumbnailSize, force: Bool = false
  ) -> ThumbnailOutcome {
    do throws(DecodeError) {
      let stamp = try Self.stamp(of: fileURL)
      if !force {
        if freshThumbnailURL(stamp, size: size) != nil { return .cached }
        if let failure = recordedFailure(stamp) { return .failed(failure) }
      }
      _ = try make(stamp, size: size)
      return .created
    } catch {
      return .failed(error)
    }
  }
}
