import Foundation
import PhotoLibrary

/// The assets of a lazy fetch: oldest first (the default order), the engine's listing (newest
/// first) read backwards, through the positions of the included ones when some are left out
/// or they are sorted, cut to the fetch limit.
struct LazyAssetWindow: Sendable {
  private let listing: AssetList
  private let edits: [String: AssetEdit]
  /// Positions in `listing` of the included assets in the result's order; nil when all are
  /// included, oldest first.
  private let positions: [Int]?
  let count: Int

  init(
    newestFirst listing: AssetList, edits: [String: AssetEdit], limit: Int,
    byValue: AssetValueFetch = AssetValueFetch(), include: (Asset) -> Bool
  ) {
    self.listing = listing
    self.edits = edits
    var positions: [Int]?
    // The listing is read in place, piece by piece (a million assets are not copied out of it
    // one position at a time).
    if let predicate = byValue.predicate {
      var matching: [Int] = []
      listing.withPieces { piece, start in
        for offset in piece.indices {
          let asset = piece[offset]
          let matches =
            include(asset)
            && predicate.evaluate { key in
              PhotoKitPredicateKeys.value(
                of: asset, edit: Self.edit(of: asset, in: edits), forKey: key)
            }
          if matches { matching.append(start + offset) }
        }
        return true
      }
      positions = matching.reversed()
    } else {
      var included: [Int] = []
      var leftOut = false
      listing.withPieces { piece, start in
        for offset in piece.indices {
          if include(piece[offset]) {
            if leftOut { included.append(start + offset) }
          } else if !leftOut {
            // The first left out: every one before it was included.
            leftOut = true
            included = Array(0..<(start + offset))
          }
        }
        return true
      }
      if leftOut { positions = included.reversed() }
    }
    if !byValue.sort.isEmpty {
      positions = Self.sorted(
        positions ?? Array(listing.indices.reversed()), of: listing, edits: edits,
        by: byValue.sort)
    }
    self.positions = positions
    let included = positions?.count ?? listing.count
    count = limit > 0 ? min(limit, included) : included
  }

  /// `positions` (oldest first) sorted as `NSSortDescriptor`s of these keys sort `PHAsset`s,
  /// ties kept in their order: each key's values are read once, then compared (as numbers when
  /// they are all dates or all numbers). Sorted by one such key that the order already follows
  /// (`creationDate`: the listing's), the result is made without sorting.
  private static func sorted(
    _ positions: [Int], of listing: AssetList, edits: [String: AssetEdit],
    by sort: [(key: String, ascending: Bool)]
  ) -> [Int] {
    let columns = sort.map { key, _ in
      SortColumn(
        positions.map { position in
          let asset = listing[position]
          return PhotoKitPredicateKeys.value(
            of: asset, edit: edit(of: asset, in: edits), forKey: key)
        })
    }
    if columns.count == 1, case .numbers(let numbers) = columns[0],
      numbers.indices.dropFirst().allSatisfy({ numbers[$0 - 1] <= numbers[$0] })
    {
      return sort[0].ascending ? positions : reversingRuns(positions, of: numbers)
    }
    let order = positions.indices.sorted { lhs, rhs in
      for (column, (_, ascending)) in zip(columns, sort) {
        switch column.order(lhs, rhs) {
        case .orderedAscending: return ascending
        case .orderedDescending: return !ascending
        case .orderedSame: continue
        }
      }
      return lhs < rhs
    }
    return order.map { positions[$0] }
  }

  /// `positions`, ordered by `keys` ascending, in descending order: the runs of equal keys
  /// from last to first, each in its own order (a stable sort's ties).
  private static func reversingRuns(_ positions: [Int], of keys: [Double]) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(positions.count)
    var end = positions.count
    while end > 0 {
      var start = end - 1
      while start > 0 && keys[start - 1] == keys[end - 1] { start -= 1 }
      result.append(contentsOf: positions[start..<end])
      end = start
    }
    return result
  }

  /// One sort key's values, in the order of the positions being sorted.
  private enum SortColumn {
    /// Every value a date or every value a number: compared as numbers.
    case numbers([Double])
    case values([PredicateValue?])

    init(_ values: [PredicateValue?]) {
      var numbers: [Double] = []
      numbers.reserveCapacity(values.count)
      var kind: Int?
      for value in values {
        switch value {
        case .date(let date) where kind != 1:
          kind = 0
          numbers.append(date.timeIntervalSinceReferenceDate)
        case .number(let number) where kind != 0:
          kind = 1
          numbers.append(number)
        default:
          self = .values(values)
          return
        }
      }
      self = .numbers(numbers)
    }

    /// How the values at `lhs` and `rhs` sort (see ``PredicateValue/sortOrder(_:_:)``).
    func order(_ lhs: Int, _ rhs: Int) -> ComparisonResult {
      switch self {
      case .numbers(let numbers):
        let (left, right) = (numbers[lhs], numbers[rhs])
        return left < right ? .orderedAscending : left > right ? .orderedDescending : .orderedSame
      case .values(let values): return PredicateValue.sortOrder(values[lhs], values[rhs])
      }
    }
  }

  /// The edit recorded under `asset`'s id (most libraries have none: no lookup then).
  private static func edit(of asset: Asset, in edits: [String: AssetEdit]) -> AssetEdit? {
    edits.isEmpty ? nil : edits[asset.id]
  }

  private func asset(at index: Int) -> Asset {
    listing[positions?[index] ?? listing.count - 1 - index]
  }

  func object(at index: Int) -> PHAsset {
    let asset = asset(at: index)
    return PHAsset(asset, edit: edits[asset.id])
  }

  func mediaType(at index: Int) -> PHAssetMediaType {
    PHAssetMediaType(rawValue: asset(at: index).mediaType.rawValue) ?? .unknown
  }
}
