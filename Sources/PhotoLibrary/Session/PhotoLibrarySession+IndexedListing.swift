import Foundation

/// `PHAsset.fetchAssets(with:)` and `fetchAssets(in:options:)` over a library too large to hold
/// as a list: the same assets as ``fetchAssets(among:)`` and ``collection(_:among:now:)``, one
/// at a time from an ``IndexedListing``.
extension PhotoLibrarySession {
  /// Calls `body` with each asset this app may see (with `collection`, each of that collection),
  /// newest first, with its favourite and hidden flags, until `body` returns false. `listing` is
  /// a refreshed listing of the session's folder library. Shows the prompts and the automatic
  /// limited-access alert, and brings the limited selection up to date, as a fetch does.
  ///
  /// Recently Added, whose order is when each file was added, is read in listing order like
  /// the others, its members kept, then handed to `body` in its own order: what is held is
  /// that album, not the library.
  public func forEachAsset(
    in listing: IndexedListing, collection kind: AssetCollection.Kind? = nil, now: Date = Date(),
    _ body: (Asset) throws -> Bool
  ) throws {
    guard kind == .smartAlbum(.recentlyAdded) else {
      return try forEachAssetInListingOrder(in: listing, collection: kind, now: now, body)
    }
    var members: [Asset] = []
    try forEachAssetInListingOrder(in: listing, collection: kind, now: now) { asset in
      members.append(asset)
      return true
    }
    for position in SmartAlbum.orderOfAddition(members) where try !body(members[position]) {
      break
    }
  }

  /// ``forEachAsset(in:collection:now:_:)`` in listing order, whatever the collection's own.
  private func forEachAssetInListingOrder(
    in listing: IndexedListing, collection kind: AssetCollection.Kind?, now: Date,
    _ body: (Asset) throws -> Bool
  ) throws {
    let attributes = try listing.library.attributes(reconciledWith: listing)
    let access: LibraryAccess
    let isMember: (Asset) -> Bool
    if let kind {
      // The access and whether the collection exists, as a whole listing would answer them:
      // which albums there are follows from one asset of each folder.
      _ = try collection(kind, among: AssetList(listing.folderRepresentatives), now: now)
      access = try self.access()
      switch kind {
      case .smartAlbum(let album): isMember = { album.contains($0, now: now) }
      case .album(let path): isMember = { !$0.isHidden && $0.isInside(path) }
      }
    } else {
      try beginLibraryAccess()
      let unlisted = Set(listing.report.problems.map(\.path))
      try forgetDeletedAssets(lookingUp: listing.asset(withID:), unlisted: { unlisted })
      access = try self.access()
      isMember = { _ in true }
    }
    func offer(_ asset: Asset) throws -> Bool {
      let asset = attributes?.apply(to: asset) ?? asset
      guard access.canRead(asset), isMember(asset) else { return true }
      return try body(asset)
    }
    switch access {
    case .addOnly, .none:
      return
    case .full:
      try listing.forEach(offer)
    case .limited(let ids, _):
      // A selection is looked up id by id, not found among every row.
      for asset in listing.assets(withIDs: ids) where try !offer(asset) { break }
    }
  }

  /// ``set(_:_:for:)`` with each id looked up in `listing`, a refreshed listing of the
  /// session's folder library, not in a list of the whole library.
  @discardableResult
  public func set(
    _ attribute: LibraryAttributes.Attribute, _ value: Bool, for ids: [String],
    in listing: IndexedListing
  ) throws -> Bool {
    try set(attribute, value, for: ids) {
      // The records are brought up to date with the library first, as a whole listing does.
      _ = try listing.library.attributes(reconciledWith: listing)
      return listing.asset(withID:)
    }
  }

  /// ``checkAssetsExist(_:)`` in `listing`, a refreshed listing of the session's folder
  /// library: each id looked up, not the library listed.
  public func checkAssetsExist(_ ids: some Collection<String>, in listing: IndexedListing) throws {
    try checkAssetsExist(ids, lookingUp: listing.asset(withID:))
  }

  /// What `PHAssetCollection.fetchAssetCollections` and each collection's
  /// `estimatedAssetCount` give, counted in one pass over `listing` (a refreshed listing of the
  /// session's folder library) without a list of the library: the counts
  /// ``collections(now:)`` gives, and the album tree ``userCollections()`` gives (empty when
  /// the app may not use albums). Nothing when it may list nothing.
  public func collectionCounts(in listing: IndexedListing, now: Date = Date()) throws
    -> CollectionCounts
  {
    try beginLibraryAccess()
    let access = try access()
    guard access.canList else { return CollectionCounts() }
    let attributes = try listing.library.attributes(reconciledWith: listing)
    let tree =
      access.canUseAlbums ? UserCollection.tree(of: AssetList(listing.folderRepresentatives)) : []
    let albums = UserCollection.albums(in: tree)
    var smart = [Int](repeating: 0, count: SmartAlbum.displayOrder.count)
    // Shown assets by folder, as `UserCollection.grouped` keys them.
    var byFolder: [String: Int] = [:]
    func count(_ asset: Asset) {
      let asset = attributes?.apply(to: asset) ?? asset
      guard access.canRead(asset) else { return }
      for (index, album) in SmartAlbum.displayOrder.enumerated()
      where album.contains(asset, now: now) {
        smart[index] += 1
      }
      if !albums.isEmpty, !asset.isHidden, let folder = asset.folderPath {
        byFolder[folder, default: 0] += 1
      }
    }
    if case .limited(let ids, _) = access {
      listing.assets(withIDs: ids).forEach(count)
    } else {
      try listing.forEach {
        count($0)
        return true
      }
    }
    return CollectionCounts(
      smartAlbums: Array(zip(SmartAlbum.displayOrder, smart)),
      albums: albums.map { path in
        (
          path,
          byFolder.reduce(0) {
            $0 + ($1.key == path || $1.key.hasPrefix(path + "/") ? $1.value : 0)
          }
        )
      }, tree: tree)
  }

  /// ``promptLibrary()`` of `listing`, a refreshed listing of the session's folder library: the
  /// count from the index (less the hidden assets, looked up by id) and the newest assets read
  /// until the samples are found.
  func promptLibrary(in listing: IndexedListing) throws -> PromptLibrary {
    let attributes = try listing.library.attributes(reconciledWith: listing)
    let hidden =
      attributes?.hidden.filter { id in
        listing.asset(withID: id).map { attributes?.apply(to: $0).isHidden == true } ?? false
      }.count ?? 0
    var samples: [String] = []
    try listing.forEach { asset in
      if attributes?.apply(to: asset).isHidden != true { samples.append(asset.id) }
      return samples.count < AuthorizationPrompt.sampleCount
    }
    return PromptLibrary(count: try listing.count() - hidden, sampleAssetIDs: samples)
  }
}

/// How many assets an app may see in each collection (see
/// ``PhotoLibrarySession/collectionCounts(in:now:)``).
public struct CollectionCounts {
  /// Every smart album in display order, with its count.
  public var smartAlbums: [(album: SmartAlbum, count: Int)] = []
  /// Every album's path, in tree order, with its count (assets in it and below it).
  public var albums: [(path: String, count: Int)] = []
  /// The albums and folders of albums.
  public var tree: [UserCollection] = []
}
