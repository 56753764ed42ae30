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
  func members(of album: AssetCollection.Kind) -> AssetList {
    let filtered =
      configuration.filter.map { filter in AssetList(libraryAssets.filter(filter.matches)) }
      ?? libraryAssets
    switch album {
    case .smartAlbum(let smart): return smart.members(of: filtered, now: libraryReadAt)
    case .album(let path): return AssetList(filtered.filter { $0.isInside(path) && !$0.isHidden })
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
    // Counted in one pass for every smart album and one for every user album, building no
    // member list (the same counts as `members(of:)`: at 100,000 assets the lists cost more
    // than the rest of a library read).
    let filtered =
      configuration.filter.map { filter in AssetList(libraryAssets.filter(filter.matches)) }
      ?? libraryAssets
    var kinds = SmartAlbum.displayOrder.map(AssetCollection.Kind.smartAlbum)
    var place: [String: Int] = [:]
    var albumCounts: [Int] = []
    // Each album's key photo, by `AssetCollection.keyAsset(of:newestFirst:)`'s rule: the last
    // one seen is the oldest.
    var albumKeys: [Int?] = []
    if status == .authorized {
      let albums = UserCollection.albums(in: UserCollection.tree(of: libraryAssets))
      kinds += albums.map(AssetCollection.Kind.album)
      let known = Set(albums)
      place = Dictionary(albums.enumerated().map { ($1, $0) }) { first, _ in first }
      albumCounts = [Int](repeating: 0, count: albums.count)
      albumKeys = [Int?](repeating: nil, count: albums.count)
      // Each folder's album, by the folder's slice of each id: no string is made, and no
      // asset copied, per asset.
      var albumOfFolder: [Substring: Int?] = [:]
      filtered.withPieces { assets, start in
        guard let first = assets.baseAddress else { return true }
        for offset in assets.indices where !(first + offset).pointee.isHidden {
          guard let folder = (first + offset).pointee.folderSlice else { continue }
          let album: Int?
          if let found = albumOfFolder[folder] {
            album = found
          } else {
            album = Self.album(holding: String(folder), among: known).flatMap { place[$0] }
            albumOfFolder[folder] = album
          }
          guard let album else { continue }
          albumCounts[album] += 1
          albumKeys[album] = start + offset
        }
        return true
      }
    }
    // Every smart album counted in one pass.
    let smartCounts = SmartAlbum.countsAndKeys(
      of: SmartAlbum.displayOrder, in: filtered, now: libraryReadAt)
    return kinds.map { kind in
      let count: Int
      let key: String?
      switch kind {
      case .smartAlbum(let smart):
        (count, key) =
          SmartAlbum.displayOrder.firstIndex(of: smart).map { smartCounts[$0] } ?? (0, nil)
      case .album(let path):
        let album = place[path]
        (count, key) = (
          album.map { albumCounts[$0] } ?? 0,
          album.flatMap { albumKeys[$0] }.map { filtered[$0].id }
        )
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

  /// The title of the album the grid shows ("Recents").
  public var albumTitle: String { AssetCollection(kind: album, assets: []).title }
}
