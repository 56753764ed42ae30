import Foundation

/// The difference between two listings of ids (a fetch before and after a library change), in
/// the form `PHFetchResultChangeDetails` reports it.
///
/// Ids are compared by their bytes (see ``AssetIDKey``), as the file system compares names.
///
/// What each index refers to, as PhotoKit documents it and UIKit's batch updates consume it:
/// - ``removedIndexes``: positions in the listing *before* the change;
/// - ``insertedIndexes``: positions in the listing *after* it (the before listing once the
///   removals are applied, with the insertions made in ascending order);
/// - ``changedIndexes``: positions in the listing *after* it, of ids in both listings that
///   were named changed;
/// - ``moves``: for each kept id whose place among the kept ids changed, `from` its position in
///   the listing *before* the change `to` its position in the listing *after* it. This is
///   `enumerateMoves(_:)`'s parameter documentation ("the index of an object in the original
///   fetch result", "the index to which the object has moved in the new fetch result") and the
///   meaning `UICollectionView.moveItem(at:to:)` gives its two index paths inside
///   `performBatchUpdates`, where Apple's sample code passes them unchanged, together with the
///   removals and insertions. (The Objective-C header's comment, "relative to the before state
///   after applying the removed and inserted indexes", would break that sample whenever
///   insertions and moves meet, so it is not followed.) Moves are applied together, as one
///   batch, never one after another.
///
/// ``applied(to:inserted:)`` replays a diff the way UIKit replays a batch update; for every
/// pair of listings, replaying the diff of the two on the first gives the second.
///
/// Moves are as few as possible: the kept ids that stay in order form a longest increasing run
/// of their before positions, and only the others move, in the order of their after positions.
///
/// A diff is not incremental (``isIncremental`` false, every index set empty) when PhotoKit
/// would give up describing it: when more than `maximumChanges` objects are removed, inserted
/// or moved (Apple publishes no threshold; this one is ours, see ``defaultMaximumChanges``), or
/// when a listing names an id twice (its objects cannot be told apart). Apps then reload.
///
/// Linear in the two listings' lengths, plus n log n in the kept ids for the moves; the ids both
/// listings start and end with are compared without hashing. A repeated id is noticed where the
/// listings differ.
public struct ListingDiff: Sendable, Hashable {
  /// A kept id that changed place: `from` its index before the change, `to` its index after.
  public struct Move: Sendable, Hashable, CustomStringConvertible {
    public let from: Int
    public let to: Int

    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }

    public var description: String { "\(from)→\(to)" }
  }

  /// Above this many removed, inserted and moved objects together, a change is not described
  /// incrementally. Photos sets its own (unpublished) limit; animating more than a few
  /// thousand cells costs more than reloading them, so apps lose nothing at this one.
  public static let defaultMaximumChanges = 5_000

  /// How many ids the listing had before the change.
  public let beforeCount: Int
  /// How many ids the listing has after it.
  public let afterCount: Int
  /// Whether the change is described by the index sets and moves; false when there were too
  /// many changes or a listing repeats an id.
  public let isIncremental: Bool
  /// Indexes, in the listing before, of ids that are not in the listing after.
  public let removedIndexes: IndexSet
  /// Indexes, in the listing after, of ids that were not in the listing before.
  public let insertedIndexes: IndexSet
  /// Indexes, in the listing after, of ids in both listings that were named changed.
  public let changedIndexes: IndexSet
  /// Kept ids that changed place, in ascending order of `to`.
  public let moves: [Move]

  /// Compares `before` with `after`; ids of `changed` kept in both count as changed.
  public init(
    before: [String], after: [String], changed: AssetIDSet = [],
    maximumChanges: Int = ListingDiff.defaultMaximumChanges
  ) {
    beforeCount = before.count
    afterCount = after.count
    // Most changes touch a few ids: the ids both listings start and end with are kept in
    // place, found by comparing bytes, without hashing.
    var prefix = 0
    while prefix < min(before.count, after.count),
      AssetIDKey(before[prefix]) == AssetIDKey(after[prefix])
    {
      prefix += 1
    }
    var suffix = 0
    while suffix < min(before.count, after.count) - prefix,
      AssetIDKey(before[before.count - 1 - suffix]) == AssetIDKey(after[after.count - 1 - suffix])
    {
      suffix += 1
    }
    let beforeMiddle = prefix..<(before.count - suffix)
    let afterMiddle = prefix..<(after.count - suffix)
    var changedAfter = IndexSet()
    if !changed.isEmpty {
      for index in 0..<prefix where changed.contains(after[index]) { changedAfter.insert(index) }
      for index in afterMiddle.upperBound..<after.count where changed.contains(after[index]) {
        changedAfter.insert(index)
      }
    }
    var beforePosition: [AssetIDKey: Int] = [:]
    beforePosition.reserveCapacity(beforeMiddle.count)
    var repeated = false
    for index in beforeMiddle {
      if beforePosition.updateValue(index, forKey: AssetIDKey(before[index])) != nil {
        repeated = true
      }
    }
    // Walk the middle of the listing after: each id is either kept (with its index before) or
    // inserted.
    var kept = [Bool](repeating: false, count: beforeMiddle.count)
    var keptPairs: [(from: Int, to: Int)] = []
    keptPairs.reserveCapacity(min(beforeMiddle.count, afterMiddle.count))
    var inserted = IndexSet()
    for index in afterMiddle {
      let id = after[index]
      guard let from = beforePosition[AssetIDKey(id)] else {
        inserted.insert(index)
        continue
      }
      if kept[from - prefix] { repeated = true }
      kept[from - prefix] = true
      keptPairs.append((from, index))
      if changed.contains(id) { changedAfter.insert(index) }
    }
    var removed = IndexSet()
    for offset in kept.indices where !kept[offset] { removed.insert(prefix + offset) }
    let moves = repeated ? [] : Self.moves(keptPairs)
    let total = removed.count + inserted.count + moves.count
    isIncremental = !repeated && total <= maximumChanges
    if isIncremental {
      removedIndexes = removed
      insertedIndexes = inserted
      changedIndexes = changedAfter
      self.moves = moves
    } else {
      removedIndexes = []
      insertedIndexes = []
      changedIndexes = []
      self.moves = []
    }
  }

  /// Whether kept ids changed place.
  public var hasMoves: Bool { !moves.isEmpty }

  /// Whether the listings are the same and nothing in them changed: no index set, no move, and
  /// incremental.
  public var isEmpty: Bool {
    isIncremental && removedIndexes.isEmpty && insertedIndexes.isEmpty
      && changedIndexes.isEmpty && moves.isEmpty
  }

  /// `before` with the diff replayed as UIKit replays a batch update: the removed elements and
  /// the moves' sources are taken out; the inserted elements (`inserted(index)`, for an index
  /// after) and the moved ones go to their places after; the remaining elements fill the
  /// remaining places in their order. Nil when the diff is not incremental or does not fit
  /// `before`.
  public func applied<Element>(to before: [Element], inserted: (Int) -> Element) -> [Element]? {
    guard isIncremental, before.count == beforeCount else { return nil }
    var result = [Element?](repeating: nil, count: afterCount)
    var taken = [Bool](repeating: false, count: beforeCount)
    for index in removedIndexes { taken[index] = true }
    for index in insertedIndexes { result[index] = inserted(index) }
    for move in moves {
      taken[move.from] = true
      result[move.to] = before[move.from]
    }
    var next = 0
    for (index, element) in before.enumerated() where !taken[index] {
      while next < afterCount, result[next] != nil { next += 1 }
      guard next < afterCount else { return nil }
      result[next] = element
    }
    let filled = result.compactMap { $0 }
    return filled.count == afterCount ? filled : nil
  }

  /// The fewest moves that put the kept ids (`from` before, `to` after, listed in ascending
  /// `to`) in order: those outside one longest run of increasing `from`.
  private static func moves(_ kept: [(from: Int, to: Int)]) -> [Move] {
    // Patience sorting: tails[k] is the position in `kept` ending the best run of length k+1.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: kept.count)
    for (position, pair) in kept.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if kept[tails[middle]].from < pair.from { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var staying = [Bool](repeating: false, count: kept.count)
    var position = tails.last ?? -1
    while position >= 0 {
      staying[position] = true
      position = previous[position]
    }
    return kept.indices.filter { !staying[$0] }.map { Move(from: kept[$0].from, to: kept[$0].to) }
  }
}
