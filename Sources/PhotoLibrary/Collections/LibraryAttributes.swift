import Foundation

/// What the library (not an app) records about its assets: favourites and hidden ones.
///
/// On a device these are properties of the photo library that every app with access sees
/// (`PHAsset.isFavorite`, `.isHidden`) and changes through `PHAssetChangeRequest`; PhotoGate
/// keeps them per library folder in ``LibraryAttributesStore``.
public struct LibraryAttributes: Sendable, Equatable, Codable {
  /// The library folder these attributes belong to (for a reader of the file).
  public var library: String
  /// Ids of favourite assets.
  public var favorites: Set<String>
  /// Ids of hidden assets.
  public var hidden: Set<String>

  public init(library: String, favorites: Set<String> = [], hidden: Set<String> = []) {
    self.library = library
    self.favorites = favorites
    self.hidden = hidden
  }

  /// One attribute, by value.
  public enum Attribute: String, Sendable, CaseIterable {
    case favorite
    case hidden
  }

  /// Sets or clears `attribute` for `ids`; returns whether anything changed.
  @discardableResult
  public mutating func set(_ attribute: Attribute, _ value: Bool, for ids: [String]) -> Bool {
    let before = self
    switch (attribute, value) {
    case (.favorite, true): favorites.formUnion(ids)
    case (.favorite, false): favorites.subtract(ids)
    case (.hidden, true): hidden.formUnion(ids)
    case (.hidden, false): hidden.subtract(ids)
    }
    return before != self
  }

  /// `assets` with their favourite and hidden flags from these attributes.
  public func apply(to assets: [Asset]) -> [Asset] {
    // Nothing marked: the list as it is (no copy of a whole library's assets).
    if favorites.isEmpty && hidden.isEmpty
      && !assets.contains(where: { $0.isFavorite || $0.isHidden })
    {
      return assets
    }
    return assets.map { asset in
      var asset = asset
      asset.isFavorite = favorites.contains(asset.id)
      asset.isHidden = hidden.contains(asset.id)
      return asset
    }
  }
}
