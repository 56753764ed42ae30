import Foundation

/// Smart albums, user albums, favourites and hidden assets, enforced by status like every
/// other read: under limited access each smart album holds only the visible assets (the
/// selection and the app's own creations) and user albums are not listed; add-only and
/// denied see no collection at all.
extension PhotoLibrarySession {
  /// `PHAssetCollection.fetchAssetCollections(with: .smartAlbum, …)` then
  /// `.album`: the collections this app may list, smart albums first (in the Photos app's
  /// order), then user albums by path (those inside folders too, see ``UserCollection``); each
  /// with the assets the app may see.
  public func collections(now: Date = Date()) throws -> [AssetCollection] {
    try collections(among: nil, now: now)
  }

  /// ``collections(now:)`` over `all`, a listing of the whole library the caller already made
  /// (nil: the backend's), so that a folder is listed once.
  func collections(among all: AssetList?, now: Date) throws -> [AssetCollection] {
    try beginLibraryAccess()
    let access = try access()
    guard access.canList else { return [] }
    let all = try all ?? backend.allAssets()
    let visible = access.filter(all)
    var result = SmartAlbum.displayOrder.map { album in
      AssetCollection(kind: .smartAlbum(album), assets: album.members(of: visible, now: now))
    }
    if access.canUseAlbums {
      let shown = visible.filter { !$0.isHidden }
      let tree = UserCollection.tree(of: all)
      let byFolder = UserCollection.grouped(shown)
      result += UserCollection.albums(in: tree).map { path in
        AssetCollection(kind: .album(path), assets: AssetList(byFolder.assets(inside: path)))
      }
    }
    return result
  }

  /// The collection `kind` as this app sees it, or `.accessDenied` when it may not list it.
  public func collection(_ kind: AssetCollection.Kind, now: Date = Date()) throws
    -> AssetCollection
  {
    try collection(kind, among: nil, now: now)
  }

  /// ``collection(_:now:)`` over `all`, a listing of the whole library the caller already made
  /// (nil: the backend's; see ``collections(among:now:)``).
  public func collection(
    _ kind: AssetCollection.Kind, among all: AssetList?, now: Date = Date()
  )
    throws -> AssetCollection
  {
    if let found = try collections(among: all, now: now).first(where: { $0.kind == kind }) {
      return found
    }
    switch kind {
    case .smartAlbum(let album):
      throw PhotoLibraryError.accessDenied(
        "the smart album \(album.title) cannot be listed with \(try describeAccess()) access")
    case .album(let name):
      if try access().canUseAlbums {
        let tree = UserCollection.tree(of: try backend.allAssets())
        if case .folder(_, let inside) = UserCollection.find(name, in: tree) {
          let albums = inside.map(\.path).joined(separator: ", ")
          throw PhotoLibraryError.accessDenied(
            "'\(name)' is a folder of albums (\(albums)), not an album")
        }
        throw PhotoLibraryError.accessDenied("there is no album '\(name)' in the library")
      }
      throw PhotoLibraryError.accessDenied(
        "albums cannot be listed with \(try describeAccess()) access")
    }
  }

  /// `PHAssetChangeRequest.isFavorite` / `.isHidden` for each of `ids`: each must be visible
  /// to this app (else `.assetNotFound`, as for any unreadable asset). Returns whether
  /// anything changed; observers are told when it did.
  @discardableResult
  public func set(_ attribute: LibraryAttributes.Attribute, _ value: Bool, for ids: [String])
    throws -> Bool
  {
    try set(attribute, value, for: ids) {
      let all = try backend.allAssets()
      return { self.lookUp($0, in: all) }
    }
  }

  /// ``set(_:_:for:)`` with each id looked up by what `lookingUp` gives, which is asked once
  /// the library access has begun.
  func set(
    _ attribute: LibraryAttributes.Attribute, _ value: Bool, for ids: [String],
    lookingUp: () throws -> (String) -> Asset?
  ) throws -> Bool {
    try ensureRunning()
    try beginLibraryAccess()
    let access = try access()
    let lookUp = try lookingUp()
    let assets = try ids.map { id in
      guard let asset = lookUp(id), access.canRead(asset) else {
        throw PhotoLibraryError.assetNotFound(id)
      }
      return asset
    }
    guard let attributed = backend as? any LibraryAttributesBackend else {
      throw PhotoLibraryError.accessDenied("this library keeps no favourites or hidden assets")
    }
    let changed = try attributed.updateAttributes { $0.set(attribute, value, for: assets) }
    if changed { notify(.assetsChanged(ids)) }
    return changed
  }
}
