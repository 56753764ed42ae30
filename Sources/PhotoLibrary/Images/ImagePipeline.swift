import FileSystem
import Foundation
import ImageDecoding

/// Decoded pictures of library files at the sizes asked for, with one in-memory cache bounded
/// by bytes: `PHImageManager`'s and `PHCachingImageManager`'s part of Photos.
///
/// A picture is decoded with shrink-on-load to fit the long side asked for
/// (`ImageDecoder.thumbnail(fileAt:longSide:)`) and kept under its file's identity and times
/// (`stat`) and that size, so that asking again for the same file at the same size decodes
/// nothing, and a file rewritten in place is decoded afresh. Past ``byteLimit`` the pictures
/// used longest ago are dropped first. Thread-safe.
///
/// Sendable by hand (`@unchecked`): the cache is touched only under `lock`.
public final class ImagePipeline: @unchecked Sendable {
  /// The pipeline PhotoKitCompat's image managers share.
  public static let shared = ImagePipeline()

  /// What the cache may hold: 96 MiB, about 500 pictures of 256 × 192 pixels (the thumbnails
  /// of a scrolling grid and those cached ahead of it).
  public let byteLimit: Int

  private struct Key: Hashable {
    var path: [UInt8]
    var signature: FileSignature
    var longSide: Int
  }

  private struct Entry {
    var image: PixelImage
    var used: UInt64
  }

  private let lock = NSLock()
  private var entries: [Key: Entry] = [:]
  private var bytes = 0
  private var clock: UInt64 = 0
  private var decodes = 0

  public init(byteLimit: Int = 96 << 20) {
    self.byteLimit = max(0, byteLimit)
  }

  /// The picture of the file at `path` fitting `longSide` pixels (0: full size), decoded once
  /// for each version of the file and size while it stays in the cache.
  public func image(fileAt path: String, longSide: Int) throws -> PixelImage {
    let signature = FileSignature(try POSIX.targetInfo(path))
    let key = Key(path: Array(path.utf8), signature: signature, longSide: max(0, longSide))
    if let hit = lock.withLock({ () -> PixelImage? in
      clock += 1
      entries[key]?.used = clock
      return entries[key]?.image
    }) {
      return hit
    }
    let image = try ImageDecoder.thumbnail(fileAt: path, longSide: key.longSide)
    keep(image, as: key)
    return image
  }

  /// How many pictures were decoded so far (cache misses), for tests and benchmarks.
  public var decodeCount: Int { lock.withLock { decodes } }

  /// The bytes the cache holds now.
  public var cachedBytes: Int { lock.withLock { bytes } }

  /// Drops every cached picture.
  public func removeAll() {
    lock.withLock {
      entries = [:]
      bytes = 0
    }
  }

  private func keep(_ image: PixelImage, as key: Key) {
    let size = image.pixels.count
    lock.withLock {
      decodes += 1
      guard size <= byteLimit else { return }
      clock += 1
      if let old = entries.updateValue(Entry(image: image, used: clock), forKey: key) {
        bytes -= old.image.pixels.count
      }
      bytes += size
      guard bytes > byteLimit else { return }
      // The least recently used go first, down to three quarters of the limit, so that a run
      // of misses does not sort the cache each time.
      for (old, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) {
        guard bytes > byteLimit * 3 / 4 else { break }
        entries[old] = nil
        bytes -= entry.image.pixels.count
      }
    }
  }
}
