import Foundation
import ImageDecoding

/// Where a ``FolderLibrary`` keeps its index, the cache that lets a scan skip reading the
/// headers of files that did not change (what the Photos database is to `PHAsset` fetches).
///
/// The index is a cache only: deleting it loses nothing, the next scan rebuilds it.
public enum LibraryIndexLocation: Sendable, Equatable {
  /// `$XDG_CACHE_HOME/photogate/library-index` (or `~/.cache/…`), one file per library,
  /// named after the library's real path. `PHOTOGATE_LIBRARY_INDEX=off` turns it off, and an
  /// absolute path there names another folder.
  case cache
  /// This folder, one file per library (named after the library's real path).
  case folder(URL)
  /// No index: every scan reads every header.
  case none

  /// The folder to keep index files in, or nil when there is no index.
  func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
    switch self {
    case .none: return nil
    case .folder(let url): return url
    case .cache:
      if let setting = environment["PHOTOGATE_LIBRARY_INDEX"], !setting.isEmpty {
        if setting == "off" { return nil }
        if setting.hasPrefix("/") { return URL(fileURLWithPath: setting) }
      }
      // The thumbnail cache's own rule for the XDG cache folder, one level up.
      return ThumbnailCache.defaultRoot(environment: environment).deletingLastPathComponent()
        .appendingPathComponent("photogate/library-index")
    }
  }

  /// The index file of the library whose real (resolved) path is `realRoot`.
  func fileURL(
    forRealRoot realRoot: String,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL? {
    folder(environment: environment)?.appendingPathComponent(
      MD5.hexDigest(of: realRoot) + ".sqlite")
  }
}
