/// A listing of the library's assets, newest first, with each one's position by id: the one
/// lookup by id (compared by bytes, see ``AssetIDKey``) that the simulated device and the
/// session's `asset(withID:)` use, in constant time.
///
/// The lookup is an open-addressing table of positions (4 bytes a slot, at most half full)
/// over the listing's own array, not a dictionary holding each id again: 8 MB for a million
/// assets where a `[AssetIDKey: Int]` takes about 50.
public struct AssetListing: Sendable {
  public let assets: [Asset]
  /// Each slot holds an asset's position plus one, or 0 when empty; its count is a power of
  /// two at least twice the listing's.
  private let slots: [UInt32]

  /// Indexes `assets`; of two assets with the same id, the first is kept.
  public init(_ assets: [Asset]) {
    precondition(assets.count < Int(UInt32.max), "a listing holds fewer than 2^32 assets")
    self.assets = assets
    var capacity = 8
    while capacity < assets.count * 2 { capacity *= 2 }
    let mask = capacity - 1
    // Read in place: an id is read without copying its asset.
    slots = assets.withUnsafeBufferPointer { assets in
      [UInt32](unsafeUninitializedCapacity: capacity) { slots, initialized in
        slots.initialize(repeating: 0)
        initialized = capacity
        for position in assets.indices {
          let key = AssetIDKey(assets[position].id)
          var slot = key.hashValue & mask
          while slots[slot] != 0 {
            if AssetIDKey(assets[Int(slots[slot]) - 1].id) == key { break }
            slot = (slot + 1) & mask
          }
          if slots[slot] == 0 { slots[slot] = UInt32(position + 1) }
        }
      }
    }
  }

  /// The asset with `id`, in constant time.
  public func asset(_ id: String) -> Asset? { position(of: id).map { assets[$0] } }

  /// The position of the asset with `id` in ``assets``, in constant time.
  public func position(of id: String) -> Int? {
    let key = AssetIDKey(id)
    let mask = slots.count - 1
    return assets.withUnsafeBufferPointer { assets in
      var slot = key.hashValue & mask
      while slots[slot] != 0 {
        let position = Int(slots[slot]) - 1
        if AssetIDKey(assets[position].id) == key { return position }
        slot = (slot + 1) & mask
      }
      return nil
    }
  }

  /// Whether `assets` is this listing's own array (the same storage), so that a caller handed
  /// the same kept listing again reuses this index instead of building another.
  func isListing(of assets: [Asset]) -> Bool {
    self.assets.count == assets.count
      && self.assets.withUnsafeBufferPointer { mine in
        assets.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
      }
  }
}
