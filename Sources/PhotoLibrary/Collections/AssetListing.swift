/// A listing of the library's assets, newest first, with each one's position by id: the one
/// lookup by id (compared by bytes, see ``AssetIDKey``) that the simulated device and the
/// session's `asset(withID:)` use, in constant time.
///
/// The lookup is an open-addressing table of positions, each with bits of its id's hash (8
/// bytes a slot, at most half full), over the listing's own array, not a dictionary holding
/// each id again: 16 MB for a million assets where a `[AssetIDKey: Int]` takes about 50, and
/// ids are compared only where those bits agree.
public struct AssetListing: Sendable {
  public let assets: [Asset]
  /// Each slot holds an asset's position plus one in its low 32 bits (0: empty) and the high
  /// 32 bits of its id's hash above them; their count is a power of two at least twice the
  /// listing's.
  private let slots: [UInt64]
  /// Whether every asset has an id of its own (then ``position(of:)`` finds every asset).
  let idsAreUnique: Bool

  /// Indexes `assets`; of two assets with the same id, the first is kept.
  public init(_ assets: [Asset]) {
    precondition(assets.count < Int(UInt32.max), "a listing holds fewer than 2^32 assets")
    self.assets = assets
    var capacity = 8
    while capacity < assets.count * 2 { capacity *= 2 }
    let mask = capacity - 1
    var unique = true
    // Read in place: an id is read without copying its asset.
    slots = assets.withUnsafeBufferPointer { assets in
      [UInt64](unsafeUninitializedCapacity: capacity) { slots, initialized in
        slots.initialize(repeating: 0)
        initialized = capacity
        for position in assets.indices {
          let hash = Self.hash(of: assets[position])
          let tag = hash & 0xFFFF_FFFF_0000_0000
          var slot = Int(truncatingIfNeeded: hash) & mask
          var duplicate = false
          while slots[slot] != 0 {
            if slots[slot] & 0xFFFF_FFFF_0000_0000 == tag,
              Asset.idOrder(assets[Int(slots[slot] & 0xFFFF_FFFF) - 1], assets[position]) == 0
            {
              duplicate = true
              break
            }
            slot = (slot + 1) & mask
          }
          if duplicate {
            unique = false
          } else {
            slots[slot] = tag | UInt64(position + 1)
          }
        }
      }
    }
    idsAreUnique = unique
  }

  /// The asset with `id`, in constant time.
  public func asset(_ id: String) -> Asset? { position(of: id).map { assets[$0] } }

  /// The position of the asset with `id` in ``assets``, in constant time.
  public func position(of id: String) -> Int? {
    let key = AssetIDKey(id)
    let hash = UInt64(UInt(bitPattern: key.hashValue))
    let tag = hash & 0xFFFF_FFFF_0000_0000
    let mask = slots.count - 1
    return assets.withUnsafeBufferPointer { assets in
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 {
        let position = Int(slots[slot] & 0xFFFF_FFFF) - 1
        if slots[slot] & 0xFFFF_FFFF_0000_0000 == tag, assets[position].hasID(key) {
          return position
        }
        slot = (slot + 1) & mask
      }
      return nil
    }
  }

  /// The hash of `asset`'s id, as ``AssetIDKey``'s `hashValue` (its bytes, read in place).
  private static func hash(of asset: Asset) -> UInt64 {
    var hasher = Hasher()
    asset.hashID(into: &hasher)
    return UInt64(UInt(bitPattern: hasher.finalize()))
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
