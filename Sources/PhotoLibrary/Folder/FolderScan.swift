import Foundation

/// What one scan of a ``FolderLibrary`` found: the assets, newest first, and the entries that
/// could not be read.
public struct FolderScan: Sendable, Equatable {
  /// Every image, newest first (ties in creation date broken by id, so the order is stable).
  public var assets: [Asset]
  /// Entries that were skipped or only partly read, in walk order. Never fatal.
  public var problems: [ScanProblem]

  public init(assets: [Asset], problems: [ScanProblem]) {
    self.assets = assets
    self.problems = problems
  }

  /// The first-level subfolders that hold at least one image, sorted by name.
  public var albums: [String] {
    Array(Set(assets.compactMap(\.album))).sorted()
  }

  /// The assets of `album` (images anywhere below that first-level subfolder), newest first;
  /// nil selects the images directly in the library root.
  public func assets(inAlbum album: String?) -> [Asset] {
    assets.filter { $0.album == album }
  }

  /// The asset with this id, if the scan found it.
  public func asset(withID id: String) -> Asset? {
    assets.first { $0.id == id }
  }
}

/// An entry of the library folder that could not be read, or was deliberately not followed.
public struct ScanProblem: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The entry's path relative to the library root ("." for the root itself).
  public var path: String
  /// The entry's absolute location.
  public var url: URL
  /// A readable reason, without the path.
  public var reason: String

  public init(path: String, url: URL, reason: String) {
    self.path = path
    self.url = url
    self.reason = reason
  }

  /// `path: reason`, with the absolute path so that the user can find the file.
  public var description: String { "\(url.path): \(reason)" }
}
