import Foundation

/// What the library (not an app) records about its assets: favourites and hidden ones.
///
/// On a device these are properties of the photo library that every app with access sees
/// (`PHAsset.isFavorite`, `.isHidden`) and changes through `PHAssetChangeRequest`; PhotoGate
/// keeps them per library folder in ``LibraryAttributesStore``.
public struct LibraryAttributes: Sendable, Equatable, Codable {
  /// The library folder these attributes belong to (for a reader of the file).
  public var library: String
  /// Ids of favourite assets (compared by their bytes).
  public var favorites: AssetIDSet
  /// Ids of hidden assets.
  public var hidden: AssetIDSet
  /// The file identity of each id of `favorites` and `hidden`: a new file saved under a marked
  /// name is neither favourite nor hidden (docs/permission-model.md#what-an-asset-id-names).
  /// Ids without one (files written by an older PhotoGate) adopt the file found at first read.
  public var files: AssetFileRecords

  public init(
    library: String, favorites: AssetIDSet = [], hidden: AssetIDSet = [],
    files: AssetFileRecords = AssetFileRecords()
  ) {
    self.library = library
    self.favorites = favorites
    self.hidden = hidden
    self.files = files
  }

  private enum CodingKeys: String, CodingKey {
    case library, favorites, hidden, files
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    library = try container.decode(String.self, forKey: .library)
    favorites = try container.decode(AssetIDSet.self, forKey: .favorites)
    hidden = try container.decode(AssetIDSet.self, forKey: .hidden)
    files =
      try container.decodeIfPresent(AssetFileRecords.self, forKey: .files) ?? AssetFileRecords()
  }

  /// Encodes the identities of the marked ids only.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(library, forKey: .library)
    try container.encode(favorites, forKey: .favorites)
    try container.encode(hidden, forKey: .hidden)
    try container.encode(files.restricted(to: favorites.union(hidden)), forKey: .files)
  }

  /// One attribute, by value.
  public enum Attribute: String, Sendable, CaseIterable {
    case favorite
    case hidden
  }

  /// Sets or clears `attribute` for `ids`; returns whether anything changed. The ids are
  /// recorded bare (see ``files``); ``set(_:_:for:)-(_,_,[Asset])`` records their files.
  @discardableResult
  public mutating func set(_ attribute: Attribute, _ value: Bool, for ids: [String]) -> Bool {
    let before = self
    switch (attribute, value) {
    case (.favorite, true): favorites.formUnion(ids)
    case (.favorite, false): favorites.subtract(ids)
    case (.hidden, true): hidden.formUnion(ids)
    case (.hidden, false): hidden.subtract(ids)
    }
    files.keep(only: favorites.union(hidden))
    return before != self
  }

  /// Sets or clears `attribute` for `assets`, recording the file each names; returns whether
  /// anything changed. A marked id whose file was replaced loses its marks first: the new
  /// file is another asset.
  @discardableResult
  public mutating func set(
    _ attribute: Attribute, _ value: Bool, for assets: some Collection<Asset>
  ) -> Bool {
    let before = self
    for asset in assets where !files.admits(asset) {
      favorites.remove(asset.id)
      hidden.remove(asset.id)
      files[asset.id] = nil
    }
    set(attribute, value, for: assets.map(\.id))
    for asset in assets where favorites.contains(asset.id) || hidden.contains(asset.id) {
      files[asset.id] = asset.fileIdentity ?? files[asset.id]
    }
    return before != self
  }

  /// Brings the records up to date with `assets` (a listing, perhaps partial): a marked id
  /// whose file was replaced loses its marks, a bare marked id adopts its file's identity.
  /// Returns whether anything changed; ids not listed are left as they are.
  @discardableResult
  public mutating func reconcileFiles(with assets: some Sequence<Asset>) -> Bool {
    let before = self
    for asset in assets where favorites.contains(asset.id) || hidden.contains(asset.id) {
      switch files.match(asset) {
      case .same: break
      case .bare(let identity): files[asset.id] = identity
      case .replaced:
        favorites.remove(asset.id)
        hidden.remove(asset.id)
        files[asset.id] = nil
      }
    }
    return before != self
  }

  /// Whether some asset of `assets` is marked under its id and not yet reconciled with its
  /// file (a bare record, or a file replaced since): ``reconcileFiles(with:)`` would change.
  func needsReconciling(_ assets: some Sequence<Asset>) -> Bool {
    if favorites.isEmpty && hidden.isEmpty { return false }
    return assets.contains { asset in
      (favorites.contains(asset.id) || hidden.contains(asset.id))
        && files.match(asset) != .same
    }
  }

  /// `assets` with their favourite and hidden flags from these attributes.
  public func apply(to assets: AssetList) -> AssetList {
    // Nothing marked: the list as it is (no copy of a whole library's assets).
    if favorites.isEmpty && hidden.isEmpty
      && !assets.contains(where: { $0.isFavorite || $0.isHidden })
    {
      return assets
    }
    var applied = AssetList.Builder()
    for asset in assets { applied.append(apply(to: asset)) }
    return applied.list
  }

  /// `asset` with its favourite and hidden flags from these attributes.
  public func apply(to asset: Asset) -> Asset {
    var asset = asset
    let marks = files.admits(asset)
    asset.isFavorite = marks && favorites.contains(asset.id)
    asset.isHidden = marks && hidden.contains(asset.id)
    return asset
  }
}
