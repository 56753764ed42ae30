import Foundation

extension FolderLibrary: LibraryAttributesBackend {
  /// `assets` with the favourite and hidden flags of the library's attributes store.
  public func withAttributes(_ assets: [Asset]) throws -> [Asset] {
    guard let attributesStore else { return assets }
    return try attributesStore.load().apply(to: assets)
  }

  public func updateAttributes<T>(_ body: (inout LibraryAttributes) throws -> T) throws -> T {
    guard let attributesStore else {
      throw PhotoLibraryError.accessDenied(
        "\(root.path): this library keeps no favourites or hidden assets (no state folder)")
    }
    return try attributesStore.update(body)
  }
}
