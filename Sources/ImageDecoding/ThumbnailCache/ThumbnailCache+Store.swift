import FileSystem
import Foundation

extension ThumbnailCache {
  /// Shrinks the source, writes its thumbnail, and drops any old failure record; on a decode
  /// failure, records it under `fail/photogate/` (unless the codec library is missing) and
  /// rethrows it.
  func make(_ stamp: SourceStamp, size: ThumbnailSize) throws(DecodeError) -> PixelImage {
    let name = stamp.cacheFileName
    let failureURL = root.appendingPathComponent("fail")
      .appendingPathComponent(Self.failureFolderName).appendingPathComponent(name)
    let image: PixelImage
    do {
      image = try codec.thumbnail(stamp.path, size.pixels, limits)
    } catch {
      let located = error.path == nil ? error.with(path: stamp.path) : error
      // A missing codec library is no fault of the file: installing it must be enough.
      if located.code != .codecUnavailable { recordFailure(located, stamp: stamp, at: failureURL) }
      throw located
    }
    let bytes = try codec.encodePNG(image, sourceText(stamp), compressionLevel)
    let url = root.appendingPathComponent(size.folderName).appendingPathComponent(name)
    try writeAtomically(bytes, to: url)
    unlink(failureURL.path)
    return image
  }

  /// Writes the standard's failure record: a 1×1 transparent PNG carrying the source's URI and
  /// mtime, plus the reason. Best effort: a cache that cannot be written only loses the record.
  private func recordFailure(_ error: DecodeError, stamp: SourceStamp, at url: URL) {
    let text =
      sourceText(stamp) + [
        (key: ThumbnailMetadata.Key.failureCode, value: error.code.rawValue),
        (key: ThumbnailMetadata.Key.failureReason, value: Self.asciiSafe(error.reason)),
      ]
    guard let bytes = try? codec.encodePNG(PixelImage(width: 1, height: 1), text, 9) else {
      return
    }
    try? writeAtomically(bytes, to: url)
  }

  /// The text keys that tie a cache file to its source: URI, mtime, size, and who wrote it.
  private func sourceText(_ stamp: SourceStamp) -> [(key: String, value: String)] {
    typealias Key = ThumbnailMetadata.Key
    return [
      (Key.uri, stamp.uri), (Key.mtime, String(stamp.mtime)), (Key.size, String(stamp.size)),
      (Key.software, software),
    ]
  }

  /// `text` in ASCII, which reads the same as Latin-1 (`tEXt`'s encoding) and as UTF-8.
  private static func asciiSafe(_ text: String) -> String {
    let replacements: [Unicode.Scalar: Unicode.Scalar] = ["×": "x", "–": "-", "—": "-", "…": "."]
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.isASCII ? $0 : replacements[$0] ?? "?" }))
  }

  /// Writes `bytes` to `url` as a 0600 file through ``AtomicFile`` (a hidden temporary file
  /// in the same folder, then `rename(2)`; `fsync`ed when ``synced``), so that the name only
  /// ever holds a whole file. When that fails, makes any missing folders (0700) and tries once
  /// more: another worker may be making the same folder at that moment, so "the folder exists
  /// now" does not mean the first failure had another cause. A second failure is the real one.
  func writeAtomically(_ bytes: [UInt8], to url: URL) throws(DecodeError) {
    do {
      try AtomicFile.write(bytes, to: url.path, permissions: 0o600, synced: synced)
    } catch {
      let folder = url.deletingLastPathComponent().path
      do {
        try POSIX.makeDirectories(folder, mode: 0o700)
      } catch {
        throw DecodeError(error, doing: "cannot make folder")
      }
      try AtomicFile.write(bytes, to: url.path, permissions: 0o600, synced: synced)
    }
  }

  /// Deletes temporary files that a killed writer left in the `size` folder and the failure
  /// folder once they are older than `age` seconds, so that a live writer's file is never
  /// taken. Returns how many were deleted.
  @discardableResult
  public func removeAbandonedTemporaryFiles(size: ThumbnailSize, olderThan age: Int = 600) -> Int {
    let folders = [
      root.appendingPathComponent(size.folderName),
      root.appendingPathComponent("fail").appendingPathComponent(Self.failureFolderName),
    ]
    return folders.reduce(0) { $0 + DurableFile.removeAbandoned(in: $1.path, olderThan: age) }
  }
}
