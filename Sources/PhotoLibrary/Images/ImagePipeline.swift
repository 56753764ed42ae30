import FileSystem
import Foundation
import ImageDecoding

/// Decoded pictures of library files at the sizes asked for, with one in-memory cache bounded
/// by bytes: `PHImageManager`'s and `PHCachingImageManager`'s part of Photos, shared by the
/// terminal gallery and `photogate show`.
///
/// Three stages, one cache: a file's thumbnail (``thumbnail(fileAt:size:)``, read from the
/// freedesktop.org thumbnail cache below it, made there when missing), a picture for a screen
/// (``image(fileAt:atLeast:)``: any picture of the file already held that is large enough,
/// else decoded for it), and a picture at an exact size (``image(fileAt:longSide:)``, 0 for
/// full size). A picture is decoded with shrink-on-load and kept under its file's identity
/// and times (`stat`) and its stage and size, so that asking again decodes nothing, and a file
/// rewritten in place is decoded afresh. Past ``byteLimit`` the pictures used longest ago are
/// dropped first. Thread-safe.
///
/// Sendable by hand (`@unchecked`): the cache is touched only under `lock`.
public final class ImagePipeline: @unchecked Sendable {
  /// The pipeline the whole process shares: PhotoKitCompat's image managers, the gallery and
  /// `show`, with the user's freedesktop.org thumbnail cache below it.
  public static let shared = ImagePipeline(
    thumbnailCache: ThumbnailCache(root: ThumbnailCache.defaultRoot()))

  /// What the cache may hold: by default 96 MiB, about 500 pictures of 256 × 192 pixels (the
  /// thumbnails `PHCachingImageManager` caches ahead of a scrolling grid). Lowering it drops the
  /// pictures used longest ago at once (the terminal gallery, which shows a few dozen tiles,
  /// sets a smaller one).
  public var byteLimit: Int {
    get { lock.withLock { limit } }
    set {
      lock.withLock {
        limit = max(0, newValue)
        trim()
      }
    }
  }
  private var limit: Int

  /// The freedesktop.org cache thumbnails are read from and stored in; nil: thumbnails are
  /// decoded from their files.
  public let thumbnailCache: ThumbnailCache?

  /// Images whose long side is at most this are decoded in full for a screen
  /// (``image(fileAt:atLeast:)``): cheap (a few ms) and exact, where a shrink-on-load
  /// decoder's own resampling would cost 2–5 dB of fidelity once resized again.
  public static let fullDecodeLimit = 2560

  /// Which picture of a file an entry holds.
  private enum Stage: Hashable {
    /// Shrunk on load to fit this long side (0: full size), exactly as asked.
    case fit(Int)
    /// Decoded at full size for a screen.
    case full
    /// The freedesktop.org thumbnail of this size.
    case thumbnail(ThumbnailSize)
  }

  private struct Key: Hashable {
    var path: [UInt8]
    var signature: FileSignature
    var stage: Stage
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

  public init(byteLimit: Int = 96 << 20, thumbnailCache: ThumbnailCache? = nil) {
    limit = max(0, byteLimit)
    self.thumbnailCache = thumbnailCache
  }

  /// The picture of the file at `path` fitting `longSide` pixels (0: full size), decoded once
  /// for each version of the file and size while it stays in the cache.
  public func image(fileAt path: String, longSide: Int) throws -> PixelImage {
    let key = try key(path, .fit(max(0, longSide)))
    if let hit = lookUp(key) { return hit }
    let image = try ImageDecoder.thumbnail(fileAt: path, longSide: max(0, longSide))
    keep(image, as: key)
    return image
  }

  /// A picture of the file at `path` for a screen that shows `longSide` pixels along its long
  /// side: the smallest one held that is at least that large, or the full-size one; else
  /// decoded, in full when the file is at most ``fullDecodeLimit`` pixels long (or no longer
  /// than asked), otherwise shrunk on load to `longSide`. The caller resizes it to fit.
  /// Errors name `path`.
  public func image(fileAt path: String, atLeast longSide: Int) throws -> PixelImage {
    let wanted = max(1, longSide)
    // A file that cannot be looked at is the decoder's to report, naming it.
    guard let full = try? key(path, .full) else {
      return try Self.decodeForScreen(path, longSide: wanted).image
    }
    if let hit = lock.withLock({ () -> PixelImage? in
      let held = entries.filter { key, entry in
        key.path == full.path && key.signature == full.signature
          && (key.stage == .full || entry.image.longSide >= wanted)
      }
      guard
        let best = held.min(by: { a, b in
          // The smallest large enough; the full-size picture only when nothing else is.
          (a.key.stage == .full ? Int.max : a.value.image.longSide)
            < (b.key.stage == .full ? Int.max : b.value.image.longSide)
        })
      else { return nil }
      clock += 1
      entries[best.key]?.used = clock
      return best.value.image
    }) {
      return hit
    }
    let (image, isFull) = try Self.decodeForScreen(path, longSide: wanted)
    keep(
      image,
      as: isFull ? full : Key(path: full.path, signature: full.signature, stage: .fit(wanted)))
    return image
  }

  /// The file at `path` decoded for a screen showing `longSide` pixels: in full when it is at
  /// most ``fullDecodeLimit`` pixels long (or no longer than asked), else shrunk on load to
  /// `longSide`; whether it is the full-size picture. Errors name `path`.
  public static func decodeForScreen(_ path: String, longSide: Int) throws(DecodeError)
    -> (image: PixelImage, isFull: Bool)
  {
    do {
      let info = try ImageDecoder.info(ofFileAt: path)
      if max(info.width, info.height) <= max(longSide, fullDecodeLimit) {
        return (try ImageDecoder.decode(fileAt: path), true)
      }
      return (try ImageDecoder.thumbnail(fileAt: path, longSide: max(1, longSide)), false)
    } catch {
      throw error.path == nil ? error.with(path: path) : error
    }
  }

  /// The thumbnail of the file at `path` at `size`: from the memory cache, else from the
  /// freedesktop.org cache (made and stored there when missing; decoded from the file when
  /// that cache cannot be written).
  public func thumbnail(fileAt path: String, size: ThumbnailSize = .large) throws -> PixelImage {
    let key = try? key(path, .thumbnail(size))
    if let key, let hit = lookUp(key) { return hit }
    let image: PixelImage
    if let thumbnailCache {
      do {
        image = try thumbnailCache.thumbnail(for: URL(fileURLWithPath: path), size: size)
      } catch {
        // An unwritable cache must not hide the photo: decode it directly then.
        guard error.code == .io else { throw error }
        image = try ImageDecoder.thumbnail(fileAt: path, longSide: size.pixels)
      }
    } else {
      image = try ImageDecoder.thumbnail(fileAt: path, longSide: size.pixels)
    }
    // Without a signature (the file went meanwhile) the picture is not kept.
    if let key { keep(image, as: key) }
    return image
  }

  /// How many pictures were decoded or read from the thumbnail cache so far (cache misses),
  /// for tests and benchmarks.
  public var decodeCount: Int { lock.withLock { decodes } }

  /// The long sides of the pictures of the file at `path` the cache holds now, for tests.
  package func cachedLongSides(fileAt path: String) -> [Int] {
    let bytes = Array(path.utf8)
    return lock.withLock { entries.filter { $0.key.path == bytes }.map(\.value.image.longSide) }
  }

  /// The bytes the cache holds now.
  public var cachedBytes: Int { lock.withLock { bytes } }

  /// Drops every cached picture.
  public func removeAll() {
    lock.withLock {
      entries = [:]
      bytes = 0
    }
  }

  private func key(_ path: String, _ stage: Stage) throws -> Key {
    let signature = FileSignature(try POSIX.targetInfo(path))
    return Key(path: Array(path.utf8), signature: signature, stage: stage)
  }

  private func lookUp(_ key: Key) -> PixelImage? {
    lock.withLock {
      clock += 1
      entries[key]?.used = clock
      return entries[key]?.image
    }
  }

  private func keep(_ image: PixelImage, as key: Key) {
    let size = image.pixels.count
    lock.withLock {
      decodes += 1
      guard size <= limit else { return }
      clock += 1
      if let old = entries.updateValue(Entry(image: image, used: clock), forKey: key) {
        bytes -= old.image.pixels.count
      }
      bytes += size
      trim()
    }
  }

  /// Past ``byteLimit``, drops the least recently used pictures down to three quarters of it,
  /// so that a run of misses does not sort the cache each time. Called under `lock`.
  private func trim() {
    guard bytes > limit else { return }
    for (old, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) {
      guard bytes > limit * 3 / 4 else { break }
      entries[old] = nil
      bytes -= entry.image.pixels.count
    }
  }
}

extension PixelImage {
  fileprivate var longSide: Int { max(width, height) }
}
