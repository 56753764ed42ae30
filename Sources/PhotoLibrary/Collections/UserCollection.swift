/// A user album or a folder of albums, as the Photos app arranges a library's own collections.
/// Mirrors `PHCollection`'s two kinds: `PHAssetCollection` (an album) and `PHCollectionList`
/// (a folder holding albums and folders).
///
/// In a folder library, a subfolder is an album when it holds a photo directly or holds no
/// subfolder with photos; its assets are every asset below it. A subfolder that holds only
/// subfolders is a folder of albums, each subfolder again one or the other. Collections are
/// known by their path relative to the library root ("Trips/2024"), the title Photos shows is
/// the last component.
public enum UserCollection: Sendable, Equatable, Hashable {
  /// An album (`PHAssetCollection` of type `.album`), by path.
  case album(String)
  /// A folder (`PHCollectionList` of type `.folder`), by path, with its collections by name.
  case folder(String, [UserCollection])

  /// The collection's path relative to the library root.
  public var path: String {
    switch self {
    case .album(let path), .folder(let path, _): path
    }
  }

  /// The name Photos shows: the folder's own name.
  public var title: String { path.split(separator: "/").last.map(String.init) ?? path }

  /// The top-level collections of a library holding `assets`, sorted by name at every level.
  public static func tree(of assets: AssetList) -> [UserCollection] {
    // Each folder once, as a slice of an id: a million assets in a hundred folders make no
    // string of their own.
    var folders: Set<Substring> = []
    assets.withPieces { assets, _ in
      guard let first = assets.baseAddress else { return true }
      // Read through a pointer: an asset is looked at in place, never copied.
      for position in assets.indices {
        if let folder = (first + position).pointee.folderSlice { folders.insert(folder) }
      }
      return true
    }
    let direct = Set(folders.map(String.init))
    var children: [String: Set<String>] = [:]
    for folder in direct {
      var path = folder
      while let slash = path.lastIndex(of: "/") {
        let parent = String(path[..<slash])
        let (inserted, _) = children[parent, default: []].insert(path)
        if !inserted { break }
        path = parent
      }
    }
    func node(_ path: String) -> UserCollection {
      let below = children[path] ?? []
      if direct.contains(path) || below.isEmpty { return .album(path) }
      return .folder(path, below.sorted().map(node))
    }
    let roots = Set(direct.map { path in String(path.prefix { $0 != "/" }) })
    return roots.sorted().map(node)
  }

  /// Every album of `tree`, depth first in name order: what
  /// `PHAssetCollection.fetchAssetCollections(with: .album, …)` lists (albums inside folders
  /// included).
  public static func albums(in tree: [UserCollection]) -> [String] {
    tree.flatMap { collection -> [String] in
      switch collection {
      case .album(let path): [path]
      case .folder(_, let inside): albums(in: inside)
      }
    }
  }

  /// The collection at `path` in `tree`, if there is one.
  public static func find(_ path: String, in tree: [UserCollection]) -> UserCollection? {
    for collection in tree {
      if collection.path == path { return collection }
      if case .folder(let folder, let inside) = collection, path.hasPrefix(folder + "/") {
        return find(path, in: inside)
      }
    }
    return nil
  }
}

extension UserCollection {
  /// Assets grouped by the folder holding them, in their given order: answers "which assets
  /// are inside this collection" without a pass over every asset per collection.
  public struct Grouped: Sendable {
    /// Each folder's assets with their place in the given list.
    let folders: [String: [(offset: Int, asset: Asset)]]

    /// The assets inside the folder at `path` (directly or below), in their given order.
    public func assets(inside path: String) -> [Asset] {
      let inside = folders.filter { $0.key == path || $0.key.hasPrefix(path + "/") }
      if inside.count == 1, let only = inside.first { return only.value.map(\.asset) }
      return inside.values.joined().sorted { $0.offset < $1.offset }.map(\.asset)
    }
  }

  /// `assets` grouped by folder (those in the library root are left out: no album holds them).
  public static func grouped(_ assets: some Sequence<Asset>) -> Grouped {
    var folders: [String: [(offset: Int, asset: Asset)]] = [:]
    for (offset, asset) in assets.enumerated() {
      guard let folder = asset.folderPath else { continue }
      folders[folder, default: []].append((offset, asset))
    }
    return Grouped(folders: folders)
  }
}

extension Asset {
  /// The folder holding the asset, relative to the library root ("Trips/2024"), or nil for
  /// the root. Taken from the id; an asset whose id names no folder (one made in memory) is
  /// in its album.
  public var folderPath: String? { folderSlice.map(String.init) }

  /// ``folderPath`` as a slice of the id (or of the album), made without a string of its own:
  /// what a pass over every asset groups by.
  public var folderSlice: Substring? {
    guard let slash = id.utf8.lastIndex(of: UInt8(ascii: "/")) else { return album?[...] }
    return id[..<slash]
  }

  /// Whether the asset lies in the album or folder at `path` (directly or below it).
  public func isInside(_ path: String) -> Bool {
    guard let folder = folderPath else { return false }
    return folder == path || folder.hasPrefix(path + "/")
  }
}
