/// A listing of the library's assets, newest first, with each one's position by id: the one
/// lookup by id (compared by bytes, see ``AssetIDKey``) that the simulated device and the
/// session's `asset(withID:)` use, in constant time.
public struct AssetListing: Sendable {
  public let assets: [Asset]
  private let index: [AssetIDKey: Int]

  /// Indexes `assets`; of two assets with the same id, the first is kept.
  public init(_ assets: [Asset]) {
    self.assets = assets
    var index: [AssetIDKey: Int] = [:]
    index.reserveCapacity(assets.count)
    for (position, asset) in assets.enumerated() where index[AssetIDKey(asset.id)] == nil {
      index[AssetIDKey(asset.id)] = position
    }
    self.index = index
  }

  /// The asset with `id`, in constant time.
  public func asset(_ id: String) -> Asset? { index[AssetIDKey(id)].map { assets[$0] } }

  /// Whether `assets` is this listing's own array (the same storage), so that a caller handed
  /// the same kept listing again reuses this index instead of building another.
  func isListing(of assets: [Asset]) -> Bool {
    self.assets.count == assets.count
      && self.assets.withUnsafeBufferPointer { mine in
        assets.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
      }
  }
}
