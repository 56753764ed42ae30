import Foundation
import Synchronization

/// The library folder that the assets of one listing share: an asset found there keeps its
/// folder below this root (``AssetFolder``, made here, one per folder) and its name instead
/// of a `URL` and an id of its own, and makes its `url` and `id` when asked.
///
/// What keeps a million-asset list small: one root object per library and one object per
/// folder, no per-asset URL or id string. The root holds its folders; a folder holds only the
/// root's location (``AssetPlace``), not the root, so that nothing is held in a cycle and no
/// folder is referenced weakly (a weakly referenced object counts its references the slow way,
/// and a pass over a million assets copies a folder reference for each).
public final class AssetRoot: Sendable {
  /// Where the root is, shared by its folders.
  let place: AssetPlace

  /// The folder (standardized, as ``FolderLibrary/root``).
  public var url: URL { place.url }
  /// Its path.
  public var path: String { place.path }

  /// The folders its assets were found in, by prefix, and the last one asked for (a listing
  /// makes its assets folder by folder).
  private let folders = Mutex<(byPrefix: [AssetIDKey: AssetFolder], last: AssetFolder?)>(
    ([:], nil))

  public init(url: URL) {
    place = AssetPlace(url: url)
  }

  /// The folder holding the file `id` (the one object for that folder) and the file's name in
  /// it: what an asset keeps instead of its id.
  func folder(holding id: String) -> (folder: AssetFolder, name: String) {
    AssetFolder.split(id) { prefix in
      folders.withLock { folders in
        if let last = folders.last, last.hasPrefix(prefix) { return last }
        // By bytes: a precomposed and a decomposed "é" are two folders.
        let key = AssetIDKey(String(decoding: prefix, as: UTF8.self))
        let folder = folders.byPrefix[key] ?? AssetFolder(place: place, prefixBytes: prefix)
        folders.byPrefix[key] = folder
        folders.last = folder
        return folder
      }
    }
  }

  /// The location of the file `id` (a path relative to the root).
  public func url(of id: String) -> URL { place.url(of: id) }

  /// The absolute path of the file `id`, as `url(of:).path` gives it.
  public func path(of id: String) -> String { place.path(of: id) }
}

/// Where an ``AssetRoot`` is: what its folders and their assets need of it.
final class AssetPlace: Sendable {
  let url: URL
  let path: String

  init(url: URL) {
    self.url = url.standardizedFileURL
    path = self.url.path
  }

  /// The location of the file `id` (a path relative to the root).
  func url(of id: String) -> URL {
    url.appendingPathComponent(id, isDirectory: false)
  }

  /// The absolute path of the file `id`, as `url(of:).path` gives it.
  func path(of id: String) -> String {
    path == "/" ? "/" + id : path + "/" + id
  }

  /// Whether both stand for the same folder.
  func isSame(as other: AssetPlace) -> Bool { self === other || path == other.path }
}
