import PhotoLibrary

/// The album switcher as it is drawn: every collection the app may list with its count, and
/// the focused row. The Photos picker's album menu ("Recents ▾").
public struct AlbumList: Sendable, Equatable {
  /// One row: the collection and how many of its assets the app may see.
  public struct Row: Sendable, Equatable {
    public var kind: AssetCollection.Kind
    public var title: String
    public var count: Int
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
    case .album(let name): return filtered.filter { $0.album == name && !$0.isHidden }
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
    if status == .authorized {
      kinds += Set(libraryAssets.compactMap(\.album)).sorted().map(AssetCollection.Kind.album)
      for asset in filtered where !asset.isHidden {
        if let album = asset.album { albumCounts[album, default: 0] += 1 }
      }
    }
    return kinds.map { kind in
      let count =
        switch kind {
        case .smartAlbum(let smart):
          filtered.reduce(0) { $0 + (smart.contains($1, now: libraryReadAt) ? 1 : 0) }
        case .album(let name): albumCounts[name] ?? 0
        }
      return AlbumList.Row(
        kind: kind, title: AssetCollection(kind: kind, assets: []).title, count: count)
    }
  }

  /// The title of the album the grid shows ("Recents").
  public var albumTitle: String { AssetCollection(kind: album, assets: []).title }
}
