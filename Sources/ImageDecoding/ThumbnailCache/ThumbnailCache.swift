import Foundation

/// The freedesktop.org thumbnail cache (Thumbnail Managing Standard 0.9), shared with file
/// managers: `thumbnails/{normal,large,x-large,xx-large}/<md5 of the URI>.png`.
///
/// A thumbnail is reused only while its `Thumb::MTime` and `Thumb::URI` (and `Thumb::Size`, when
/// recorded) match the source file; checking that reads only the PNG's header chunks
/// (``ThumbnailMetadata``). Files that cannot be thumbnailed are recorded under
/// `fail/photogate/` and not retried until they change. Every file is written 0600 into folders
/// made 0700, through a hidden temporary file in the same folder and `rename(2)`, so that no reader
/// ever sees half a thumbnail. This plays the part of iOS's `PHCachingImageManager` for the
/// gallery, and of GNOME's `GnomeDesktopThumbnailFactory` for the desktop.
public struct ThumbnailCache: Sendable {
  /// The `thumbnails` folder (holding `normal/`, `large/`, …, `fail/`).
  public let root: URL
  /// The zlib level of the PNGs written; see docs/02-thumbnail-cache.md for why 1.
  public var compressionLevel: Int
  /// The decompression-bomb guard applied to source images.
  public var limits: DecodeLimits
  /// The `Software` text written into each thumbnail.
  public var software: String
  /// How images are shrunk, encoded and decoded (``Codec/live`` except in tests).
  public var codec: Codec
  /// Whether each thumbnail is `fsync`ed (with its folder) before it counts as written. Off by
  /// default: a cache can be rebuilt, and a crash of the process never leaves half a file
  /// either way; see docs/02-thumbnail-cache.md for what syncing costs.
  public var synced: Bool

  /// The folder, under `fail/`, holding this application's failure records.
  public static let failureFolderName = "photogate"

  public init(
    root: URL, compressionLevel: Int = 1, limits: DecodeLimits = .default,
    software: String = "PhotoGate", codec: Codec = .live, synced: Bool = false
  ) {
    self.root = root.standardizedFileURL
    self.compressionLevel = compressionLevel
    self.limits = limits
    self.software = software
    self.codec = codec
    self.synced = synced
  }

  /// `$XDG_CACHE_HOME/thumbnails`, or `~/.cache/thumbnails` when `XDG_CACHE_HOME` is unset,
  /// empty or relative (as the XDG Base Directory specification says to ignore it then).
  public static func defaultRoot(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("thumbnails")
    }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    let homeURL =
      home.map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
    return homeURL.appendingPathComponent(".cache/thumbnails")
  }

  /// Where the thumbnail of `fileURL` at `size` is (or would be) kept.
  public func cachedURL(for fileURL: URL, size: ThumbnailSize) -> URL {
    root.appendingPathComponent(size.folderName)
      .appendingPathComponent(Self.cacheFileName(for: fileURL))
  }

  /// Where a failure to thumbnail `fileURL` is (or would be) recorded.
  public func failureURL(for fileURL: URL) -> URL {
    root.appendingPathComponent("fail").appendingPathComponent(Self.failureFolderName)
      .appendingPathComponent(Self.cacheFileName(for: fileURL))
  }

  /// The standard's file name: the lowercase hex MD5 of the file's URI, plus `.png`.
  public static func cacheFileName(for fileURL: URL) -> String {
    MD5.hexDigest(of: uri(for: fileURL)) + ".png"
  }
}
