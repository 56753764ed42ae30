import Foundation
import Synchronization

/// The library folder that the assets of one listing share: an asset found there keeps its
/// folder below this root (``AssetFolder``, made here, one per folder) and its name instead
/// of a `URL` and an id of its own, and makes its `url` and `id` when asked.
///
/// What keeps a million-asset list small: one root object per listing and one object per
/// folder, no per-asset URL or id string.
public final class AssetRoot: Sendable {
  /// The folder (standardized, as ``FolderLibrary/root``).
  public let url: URL
  /// Its path.
  public let path: String

  /// The folders its assets were found in, by prefix, and the last one asked for (a listing
  /// makes its assets folder by folder). Held weakly: a folder holds its root, and lives as
  /// long as an asset of it does.
  private let folders = Mutex<(byPrefix: [AssetIDKey: WeakFolder], last: WeakFolder)>(
    ([:], WeakFolder()))

  private struct WeakFolder {
    weak var folder: AssetFolder?
  }

  public init(url: URL) {
    self.url = url.standardizedFileURL
    self.path = self.url.path
  }

  /// The folder holding the file `id` (the one object for that folder) and the file's name in
  /// it: what an asset keeps instead of its id.
  func folder(holding id: String) -> (folder: AssetFolder, name: String) {
    var id = id
    return id.withUTF8 { bytes in
      let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
      let prefix = UnsafeBufferPointer(rebasing: bytes[..<start])
      let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
      let folder = folders.withLock { folders in
        if let last = folders.last.folder, last.hasPrefix(prefix) { return last }
        // By bytes: a precomposed and a decomposed "é" are two folders.
        let key = AssetIDKey(String(decoding: prefix, as: UTF8.self))
        let folder =
          folders.byPrefix[key]?.folder ?? AssetFolder(root: self, prefixBytes: prefix)
        folders.byPrefix[key] = WeakFolder(folder: folder)
        folders.last = WeakFolder(folder: folder)
        return folder
      }
      return (folder, name)
    }
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
