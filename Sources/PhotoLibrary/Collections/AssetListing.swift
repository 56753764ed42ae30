/// A listing of the library's assets, newest first, with each one's position by id: the one
/// lookup by id (compared by bytes, see ``AssetIDKey``) that the simulated device and the
/// session's `asset(withID:)` use, in constant time.
///
/// The lookup is an open-addressing table of positions, each with bits of its id's hash (at
/// most two thirds full, probed in order), over the listing's own assets, not a dictionary
/// holding each id again, and ids are compared only where those bits agree. A listing of fewer
/// than 2^24 assets takes 4 bytes a slot (its position in 24 bits, 8 bits of hash): 6 MB for a
/// million assets, where a `[AssetIDKey: Int]` takes about 50.
public struct AssetListing: Sendable {
  public let assets: AssetList
  /// Each slot holds an asset's position plus one in its low bits (0: empty) and the hash's
  /// high bits above them; there are half as many again as assets (at least 8).
  private let slots: Slots
  /// Whether every asset has an id of its own (then ``position(of:)`` finds every asset).
  let idsAreUnique: Bool

  private enum Slots: Sendable {
    /// Positions in 24 bits, for fewer than 2^24 assets.
    case narrow([UInt32])
    /// Positions in 32 bits.
    case wide([UInt64])
  }

  /// Indexes `assets`; of two assets with the same id, the first is kept.
  public init(_ assets: AssetList) {
    self.init(assets, wide: assets.count >= (1 << 24) - 1)
  }

  /// Indexes `assets` in slots of 8 bytes (`wide`) or 4.
  init(_ assets: AssetList, wide: Bool) {
    precondition(assets.count < Int(UInt32.max), "a listing holds fewer than 2^32 assets")
    precondition(wide || assets.count < (1 << 24) - 1, "4-byte slots hold 2^24 - 2 positions")
    self.assets = assets
    // At most two thirds full: a few probes a lookup, 6 MB of slots for a million assets.
    let capacity = max(8, assets.count + assets.count / 2 + 1)
    if wide {
      let (slots, unique) = Self.table(
        of: assets, capacity: capacity, positionBits: 32, as: UInt64.self)
      (self.slots, idsAreUnique) = (.wide(slots), unique)
    } else {
      let (slots, unique) = Self.table(
        of: assets, capacity: capacity, positionBits: 24, as: UInt32.self)
      (self.slots, idsAreUnique) = (.narrow(slots), unique)
    }
  }

  /// The asset with `id`, in constant time.
  public func asset(_ id: String) -> Asset? { position(of: id).map { assets[$0] } }

  /// The position of the asset with `id` in ``assets``, in constant time.
  public func position(of id: String) -> Int? {
    let key = AssetIDKey(id)
    let hash = UInt64(UInt(bitPattern: key.hashValue))
    return switch slots {
    case .narrow(let slots): position(hash: hash, key: key, in: slots, positionBits: 24)
    case .wide(let slots): position(hash: hash, key: key, in: slots, positionBits: 32)
    }
  }

  /// The table of `assets` (read in place: an id is read without copying its asset).
  private static func table<Slot: FixedWidthInteger & UnsignedInteger>(
    of assets: AssetList, capacity: Int, positionBits: Int, as _: Slot.Type
  ) -> (slots: [Slot], unique: Bool) {
    let positions = Slot((1 as UInt64) << positionBits - 1)
    var unique = true
    let slots = [Slot](unsafeUninitializedCapacity: capacity) { slots, initialized in
      slots.initialize(repeating: 0)
      initialized = capacity
      assets.withPieces { piece, start in
        for offset in piece.indices {
          let hash = Self.hash(of: piece[offset])
          let tag = Self.tag(hash, outside: positions)
          var slot = Self.slot(of: hash, among: capacity)
          var duplicate = false
          while slots[slot] != 0 {
            if slots[slot] & ~positions == tag,
              Asset.idOrder(assets[Int(slots[slot] & positions) - 1], piece[offset]) == 0
            {
              duplicate = true
              break
            }
            slot = slot == capacity - 1 ? 0 : slot + 1
          }
          if duplicate {
            unique = false
          } else {
            slots[slot] = tag | Slot(start + offset + 1)
          }
        }
        return true
      }
    }
    return (slots, unique)
  }

  private func position<Slot: FixedWidthInteger & UnsignedInteger>(
    hash: UInt64, key: AssetIDKey, in slots: [Slot], positionBits: Int
  ) -> Int? {
    let positions = Slot((1 as UInt64) << positionBits - 1)
    let tag = Self.tag(hash, outside: positions)
    var slot = Self.slot(of: hash, among: slots.count)
    while slots[slot] != 0 {
      let position = Int(slots[slot] & positions) - 1
      if slots[slot] & ~positions == tag, assets[position].hasID(key) { return position }
      slot = slot == slots.count - 1 ? 0 : slot + 1
    }
    return nil
  }

  /// The slot a probe for `hash` starts at among `capacity`: its low 32 bits scaled to the
  /// count (a multiplication, not a division; the tag takes the high bits).
  private static func slot(of hash: UInt64, among capacity: Int) -> Int {
    Int((hash << 32).multipliedFullWidth(by: UInt64(capacity)).high)
  }

  /// The high bits of `hash` in the bits of a slot that `positions` leaves (the low bits of
  /// the hash pick the slot).
  private static func tag<Slot: FixedWidthInteger & UnsignedInteger>(
    _ hash: UInt64, outside positions: Slot
  ) -> Slot {
    Slot(truncatingIfNeeded: hash >> (64 - UInt64(Slot.bitWidth))) & ~positions
  }

  /// The hash of `asset`'s id, as ``AssetIDKey``'s `hashValue` (its bytes, read in place).
  private static func hash(of asset: Asset) -> UInt64 {
    var hasher = Hasher()
    asset.hashID(into: &hasher)
    return UInt64(UInt(bitPattern: hasher.finalize()))
  }

  /// Whether `assets` is this listing's own list (the same storage), so that a caller handed
  /// the same kept listing again reuses this index instead of building another.
  func isListing(of assets: AssetList) -> Bool { self.assets.isSameStorage(as: assets) }
}
