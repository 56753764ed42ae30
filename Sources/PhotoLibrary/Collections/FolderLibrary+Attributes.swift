import Foundation

extension FolderLibrary: LibraryAttributesBackend {
  /// `assets` with the favourite and hidden flags of the library's attributes store.
  /// A marked id recorded without its file (by an older PhotoGate) adopts the file listed now,
  /// and one whose file was replaced loses its marks; the store is written only then.
  public func withAttributes(_ assets: [Asset]) throws -> [Asset] {
    guard let attributesStore else { return assets }
    let stored = try attributesStore.load()
    // The kept listing read again with the same attributes: it carries their flags already.
    if snapshot.carries(stored, assets) { return assets }
    var attributes = stored
    if attributes.needsReconciling(assets) {
      attributes.reconcileFiles(with: assets)
      // Best effort: a state folder that cannot be written still lists the library right.
      _ = try? attributesStore.update { $0.reconcileFiles(with: assets) }
    }
    let attributed = attributes.apply(to: assets)
    snapshot.keep(attributed: attributed, of: assets, with: stored)
    return attributed
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
