import Foundation

/// The library folder that the assets of one listing share: an asset found there keeps this
/// reference and its id instead of a `URL` of its own, and makes its `url` when asked.
///
/// What keeps a 100,000-asset list small: one root object per listing, no per-asset URL.
public final class AssetRoot: Sendable {
  /// The folder (standardized, as ``FolderLibrary/root``).
  public let url: URL
  /// Its path.
  public let path: String

  public init(url: URL) {
    self.url = url.standardizedFileURL
    self.path = self.url.path
  }

  /// The location of the file `id` (a path relative to the root).
  public func url(of id: String) -> URL {
    url.appendingPathComponent(id, isDirectory: false)
  }

  /// The absolute path of the file `id`, as `url(of:).path` gives it.
  public func path(of id: String) -> String {
    path == "/" ? "/" + id : path + "/" + id
  }

  /// Whether both stand for the same folder.
  func isSame(as other: AssetRoot) -> Bool { self === other || path == other.path }
}
