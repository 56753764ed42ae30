import Foundation
import PhotoLibrary

/// The album switcher as it is drawn: every collection the app may list with its count, and
/// the focused row. The Photos picker's album menu ("Recents ▾").
public struct AlbumList: Sendable, Equatable {
  /// One row: the collection, how many of its assets the app may see, and the one its
  /// thumbnail shows (`PHAsset.fetchKeyAssets(in:options:)`).
  public struct Row: Sendable, Equatable {
    public var kind: AssetCollection.Kind
    public var title: String
    public var count: Int
    public var keyAssetID: String?
  }

  public var rows: [Row]
  /// The focused row.
  public var focus: Int

  public init(rows: [Row], focus: Int = 0) {
    self.rows = rows
    self.focus = rows.isEmpty ? 0 : min(max(0, focus), rows.count - 1)
  }

  /// Moves the focus by `offset` rows, wrapping.
  mutating func move(by offset: Int) {
    guard !rows.isEmpty else { return }
    focus = ((focus + offset) % rows.count + rows.count) % rows.count
  }
}

extension PickerState {
  /// The assets of `album` among what the library gave, with the configuration's filter:
  /// what the grid shows (PhotoKit's rules: hidden assets only in Hidden).
  func members(of album: AssetCollection.Kind) -> [Asset] {
    let filtered =
      configuration.filter.map { filter in libraryAssets.filter(filter.matches) }
      ?? libraryAssets
    switch album {
    case .smartAlbum(let smart): return smart.members(of: filtered, now: libraryReadAt)
    case .album(let path): return filtered.filter { $0.isInside(path) && !$0.isHidden }
    }
  }

  /// Whether ``albumRows`` lists `album`, without counting any album (a smart album needs
  /// read access, a user album full access and a folder of the library).
  public func mayList(_ album: AssetCollection.Kind) -> Bool {
    guard status == .authorized || status == .limited, !isTerminated else { return false }
    switch album {
    case .smartAlbum(let smart): return SmartAlbum.displayOrder.contains(smart)
    case .album(let path):
      return status == .authorized
        && UserCollection.albums(in: UserCollection.tree(of: libraryAssets)).contains(path)
    }
  }

  /// The albums the app may list under its status, with counts: smart albums with full or
  /// limited access (counting only what the app may see), user albums only with full access.
  public var albumRows: [AlbumList.Row] {
    guard status == .authorized || status == .limited, !isTerminated else { return [] }
    // Counted in one pass per smart album and one for every user album, building no member
    // list (the same counts as `members(of:)`: at 100,000 assets the lists cost more than the
    // rest of a library read).
    let filtered =
      configuration.filter.map { filter in libraryAssets.filter(filter.matches) } ?? libraryAssets
    var kinds = SmartAlbum.displayOrder.map(AssetCollection.Kind.smartAlbum)
    var albumCounts: [String: Int] = [:]
    // Each album's key photo, by `AssetCollection.keyAsset(of:newestFirst:)`'s rule.
    var albumKeys: [String: String] = [:]
    if status == .authorized {
      let albums = UserCollection.albums(in: UserCollection.tree(of: libraryAssets))
      kinds += albums.map(AssetCollection.Kind.album)
      let known = Set(albums)
      var albumOfFolder: [String: String?] = [:]
      for asset in filtered where !asset.isHidden {
        guard let folder = asset.folderPath else { continue }
        let album: String?
        if let found = albumOfFolder[folder] {
          album = found
        } else {
          album = Self.album(holding: folder, among: known)
          albumOfFolder[folder] = album
        }
        guard let album else { continue }
        albumCounts[album, default: 0] += 1
        albumKeys[album] = asset.id  // The last one seen is the oldest: an album's key.
      }
    }
    return kinds.map { kind in
      let count: Int
      let key: String?
      switch kind {
      case .smartAlbum(let smart):
        (count, key) = Self.countAndKey(of: smart, in: filtered, now: libraryReadAt)
      case .album(let path):
        (count, key) = (albumCounts[path] ?? 0, albumKeys[path])
      }
      return AlbumList.Row(
        kind: kind, title: AssetCollection(kind: kind, assets: []).title, count: count,
        keyAssetID: key)
    }
  }

  /// The album among `albums` that holds the folder at `folder` (itself or the nearest folder
  /// above it), if any.
  static func album(holding folder: String, among albums: Set<String>) -> String? {
    var path = Substring(folder)
    while true {
      if albums.contains(String(path)) { return String(path) }
      guard let slash = path.lastIndex(of: "/") else { return nil }
      path = path[..<slash]
    }
  }

  /// How many of `assets` (newest first) `smart` holds, and its key photo by
  /// `AssetCollection.keyAsset(of:newestFirst:)`'s rule: the first in the album's order
  /// (Recently Added orders by the date an asset was added).
  static func countAndKey(of smart: SmartAlbum, in assets: [Asset], now: Date) -> (Int, String?) {
    var count = 0
    var key: Asset?
    for asset in assets where smart.contains(asset, now: now) {
      count += 1
      if let current = key, smart != .recentlyAdded || asset.addedDate <= current.addedDate {
        continue
      }
      key = asset
    }
    return (count, key?.id)
  }

  /// The title of the album the grid shows ("Recents").
  public var albumTitle: String { AssetCollection(kind: album, assets: []).title }
}
