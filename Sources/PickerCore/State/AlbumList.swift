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

  /// The albums the app may list under its status, with counts: smart albums with full or
  /// limited access (counting only what the app may see), user albums only with full access.
  public var albumRows: [AlbumList.Row] {
    guard status == .authorized || status == .limited, !isTerminated else { return [] }
    var kinds = SmartAlbum.displayOrder.map(AssetCollection.Kind.smartAlbum)
    if status == .authorized {
      let tree = UserCollection.tree(of: libraryAssets)
      kinds += UserCollection.albums(in: tree).map(AssetCollection.Kind.album)
    }
    return kinds.map { kind in
      let members = members(of: kind)
      return AlbumList.Row(
        kind: kind, title: AssetCollection(kind: kind, assets: []).title,
        count: members.count,
        keyAssetID: AssetCollection.keyAsset(of: kind, newestFirst: members)?.id)
    }
  }

  /// The title of the album the grid shows ("Recents").
  public var albumTitle: String { AssetCollection(kind: album, assets: []).title }
}
