import Foundation

extension ThumbnailCache {
  /// Shrinks the source, writes its thumbnail, and drops any old failure record; on a decode
  /// failure, records it under `fail/photogate/` and rethrows it.
  func make(_ stamp: SourceStamp, size: ThumbnailSize) throws(DecodeError) -> PixelImage {
    let name = stamp.cacheFileName
    let failureURL = root.appendingPathComponent("fail")
      .appendingPathComponent(Self.failureFolderName).appendingPathComponent(name)
    let image: PixelImage
    do {
      image = try codec.thumbnail(stamp.path, size.pixels, limits)
    } catch {
      let located = error.path == nil ? error.with(path: stamp.path) : error
      recordFailure(located, stamp: stamp, at: failureURL)
      throw located
    }
    let text = [
      (key: ThumbnailMetadata.Key.uri, value: stamp.uri),
      (key: ThumbnailMetadata.Key.mtime, value: String(stamp.mtime)),
      (key: ThumbnailMetadata.Key.size, value: String(stamp.size)),
      (key: ThumbnailMetadata.Key.software, value: software),
    ]
    let bytes = try codec.encodePNG(image, text, compressionLevel)
    let url = root.appendingPathComponent(size.folderName).appendingPathComponent(name)
    try Self.writeAtomically(bytes, to: url)
    unlink(failureURL.path)
    return image
  }

  /// Writes the standard's failure record: a 1×1 transparent PNG carrying the source's URI and
  /// mtime, plus the reason. Best effort: a cache that cannot be written only loses the record.
  private func recordFailure(_ error: DecodeError, stamp: SourceStamp, at url: URL) {
    let text = [
      (key: ThumbnailMetadata.Key.uri, value: stamp.uri),
      (key: ThumbnailMetadata.Key.mtime, value: String(stamp.mtime)),
      (key: ThumbnailMetadata.Key.size, value: String(stamp.size)),
      (key: ThumbnailMetadata.Key.software, value: software),
      (key: ThumbnailMetadata.Key.failureCode, value: error.code.rawValue),
      (key: ThumbnailMetadata.Key.failureReason, value: Self.latin1Safe(error.reason)),
    ]
    guard let bytes = try? codec.encodePNG(PixelImage(width: 1, height: 1), text, 9) else {
      return
    }
    try? Self.writeAtomically(bytes, to: url)
  }

  /// `text` with characters that Latin-1 `tEXt` cannot hold replaced by `?`.
  private static func latin1Safe(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 256 ? $0 : "?" }))
  }

  /// Writes `bytes` to `url` as a 0600 file: into a hidden temporary file in the same folder,
  /// then `rename(2)` over the final name, so that the name only ever holds a whole file. Makes
  /// missing folders 0700.
  static func writeAtomically(_ bytes: [UInt8], to url: URL) throws(DecodeError) {
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp")
    var fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd < 0 && errno == ENOENT {
      try makeFolders(folder)
      fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    }
    guard fd >= 0 else {
      throw DecodeError(.io, path: url.path, reason: "cannot write thumbnail: \(systemError())")
    }
    var failure: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count {
        let wrote = write(fd, buffer.baseAddress! + done, buffer.count - done)
        if wrote < 0 && errno == EINTR { continue }
        if wrote <= 0 {
          failure = wrote < 0 ? errno : ENOSPC
          return
        }
        done += wrote
      }
    }
    if failure == 0 && fchmod(fd, 0o600) != 0 { failure = errno }
    if close(fd) != 0 && failure == 0 { failure = errno }
    if failure == 0 && rename(temporary.path, url.path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary.path)
      throw DecodeError(
        .io, path: url.path, reason: "cannot write thumbnail: \(systemError(failure))")
    }
  }

  /// Makes `folder` and any missing parents with mode 0700, as the standard asks.
  static func makeFolders(_ folder: URL) throws(DecodeError) {
    var missing: [String] = []
    var current = folder.standardizedFileURL
    while current.path != "/" && access(current.path, F_OK) != 0 {
      missing.append(current.path)
      current.deleteLastPathComponent()
    }
    for path in missing.reversed() where mkdir(path, 0o700) != 0 && errno != EEXIST {
      throw DecodeError(.io, path: path, reason: "cannot make folder: \(systemError())")
    }
  }
}
