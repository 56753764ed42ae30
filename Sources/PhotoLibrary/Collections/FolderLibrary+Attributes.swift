import Foundation

extension FolderLibrary: LibraryAttributesBackend {
  /// `assets` with the favourite and hidden flags of the library's attributes store.
  /// A marked id recorded without its file (by an older PhotoGate) adopts the file listed now,
  /// and one whose file was replaced loses its marks; the store is written only then.
  public func withAttributes(_ assets: AssetList) throws -> AssetList {
    guard let attributesStore else { return assets }
    let stored = try attributesStore.load()
    // The kept listing read again with the same attributes: it carries their flags already.
    if snapshot.carries(stored, assets) { return assets }
    let attributed = reconciled(stored, with: assets).apply(to: assets)
    snapshot.keep(attributed: attributed, of: assets, with: stored)
    return attributed
  }

  /// `stored` brought up to date with `assets`, a listing of the whole library (and the store
  /// with it, when anything changed).
  private func reconciled(
    _ stored: LibraryAttributes, with assets: some Sequence<Asset>
  ) -> LibraryAttributes {
    var attributes = stored
    if let attributesStore, attributes.needsReconciling(assets) {
      attributes.reconcileFiles(with: assets)
      // Best effort: a state folder that cannot be written still lists the library right.
      _ = try? attributesStore.update { $0.reconcileFiles(with: assets) }
    }
    return attributes
  }

  /// Sets the favourite and hidden flags of `assets`, a scan's listing held nowhere else (so
  /// changed in place: no second array of the library), from the library's attributes brought
  /// up to date with it; returns those attributes, for the kept scan to say it carries them
  /// (nil: the library keeps none, or they cannot be read now, which the app's first read
  /// reports).
  func applyAttributes(to assets: inout [Asset]) -> LibraryAttributes? {
    guard let stored = try? attributesStore?.load() else { return nil }
    let attributes = reconciled(stored, with: assets)
    guard !attributes.favorites.isEmpty || !attributes.hidden.isEmpty else { return attributes }
    for position in assets.indices { assets[position] = attributes.apply(to: assets[position]) }
    return attributes
  }

  /// Changes the attributes under the store's lock; the caller (a session) announces the
  /// change to its own observers, so this process's watchers of the library do not.
  public func updateAttributes<T>(_ body: (inout LibraryAttributes) throws -> T) throws -> T {
    guard let attributesStore else {
      throw PhotoLibraryError.accessDenied(
        "\(root.path): this library keeps no favourites or hidden assets (no state folder)")
    }
    return try attributesStore.updateAnnounced(body)
  }
}

extension FolderLibrary {
  /// The library's attributes brought up to date with `listing` as ``withAttributes(_:)``
  /// brings them up to date with a whole listing, by looking up only the marked ids; nil when
  /// the library keeps none. Apply them to each asset with ``LibraryAttributes/apply(to:)-(Asset)``.
  public func attributes(reconciledWith listing: IndexedListing) throws -> LibraryAttributes? {
    guard let attributesStore else { return nil }
    var attributes = try attributesStore.load()
    let marked = attributes.favorites.union(attributes.hidden).compactMap(listing.asset(withID:))
    if attributes.needsReconciling(marked) {
      attributes.reconcileFiles(with: marked)
      // Best effort: a state folder that cannot be written still lists the library right.
      _ = try? attributesStore.update { $0.reconcileFiles(with: marked) }
    }
    return attributes
  }
}
