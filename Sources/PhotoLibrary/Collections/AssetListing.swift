/// A listing of the library's assets, newest first, with each one's position by id: the one
/// lookup by id (compared by bytes, see ``AssetIDKey``) that the simulated device and the
/// session's `asset(withID:)` use, in constant time.
public struct AssetListing: Sendable {
  public let assets: [Asset]
  private let index: [AssetIDKey: Int]
  /// Whether every asset has an id of its own (then ``position(of:)`` finds every asset).
  let idsAreUnique: Bool

  /// Indexes `assets`; of two assets with the same id, the first is kept.
  public init(_ assets: [Asset]) {
    self.assets = assets
    var index: [AssetIDKey: Int] = [:]
    index.reserveCapacity(assets.count)
    var unique = true
    for (position, asset) in assets.enumerated() {
      if index.updateValue(position, forKey: AssetIDKey(asset.id)) != nil {
        unique = false
      }
    }
    if !unique {
      index = [:]
      for (position, asset) in assets.enumerated() where index[AssetIDKey(asset.id)] == nil {
        index[AssetIDKey(asset.id)] = position
      }
    }
    self.index = index
    idsAreUnique = unique
  }

  /// The asset with `id`, in constant time.
  public func asset(_ id: String) -> Asset? { index[AssetIDKey(id)].map { assets[$0] } }

  /// The position of the asset with `id` in ``assets``, in constant time.
  func position(of id: String) -> Int? { index[AssetIDKey(id)] }

  /// Whether `assets` is this listing's own array (the same storage), so that a caller handed
  /// the same kept listing again reuses this index instead of building another.
  func isListing(of assets: [Asset]) -> Bool {
    self.assets.count == assets.count
      && self.assets.withUnsafeBufferPointer { mine in
        assets.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
      }
  }
}
