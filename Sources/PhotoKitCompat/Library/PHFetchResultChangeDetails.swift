import Foundation
import PhotoLibrary

/// The difference between a fetch result before and after a change. Mirrors
/// `PHFetchResultChangeDetails`.
///
/// Objects match by `localIdentifier`, compared by its bytes. The indexes are those PhotoKit
/// documents (see ``PhotoLibrary/ListingDiff`` for the whole account):
/// - `removedIndexes` refer to `fetchResultBeforeChanges`;
/// - `insertedIndexes` and `changedIndexes` to `fetchResultAfterChanges`;
/// - `enumerateMoves(_:)` gives each moved object's index before the change and its index
///   after, the pair `UICollectionView.moveItem(at:to:)` takes inside `performBatchUpdates`.
///
/// The order apps apply them in, as Apple's sample code does: inside one batch update delete
/// `removedIndexes`, insert `insertedIndexes` and move with `enumerateMoves(_:)`; after the
/// batch, reload `changedIndexes` (they are *after* indexes, while a batch update reads reloads
/// as *before* indexes: reloading them inside the batch raises "attempt to delete and reload the
/// same index path" as soon as a removal or insertion shifts them).
///
/// When the change is too big to describe (more than
/// ``PhotoLibrary/ListingDiff/defaultMaximumChanges`` objects removed, inserted or moved; Photos
/// publishes no number), `hasIncrementalChanges` is false, the index sets are nil, the object
/// lists empty and there are no moves: reload from `fetchResultAfterChanges`.
public final class PHFetchResultChangeDetails<ObjectType: AnyObject>: NSObject,
  @unchecked Sendable
{
  public let fetchResultBeforeChanges: PHFetchResult<ObjectType>
  public let fetchResultAfterChanges: PHFetchResult<ObjectType>
  /// The listing diff the details report.
  let diff: ListingDiff

  init(
    before: PHFetchResult<ObjectType>, after: PHFetchResult<ObjectType>, changedIDs: AssetIDSet,
    maximumChanges: Int = ListingDiff.defaultMaximumChanges
  ) {
    fetchResultBeforeChanges = before
    fetchResultAfterChanges = after
    diff = ListingDiff(
      before: Self.identifiers(of: before), after: Self.identifiers(of: after),
      changed: changedIDs, maximumChanges: maximumChanges)
    super.init()
  }

  /// The differences between two fetch results, `changedObjects` counted as changed where
  /// they are in both. Mirrors `init(from:to:changedObjects:)`.
  public convenience init(
    from fromResult: PHFetchResult<ObjectType>, to toResult: PHFetchResult<ObjectType>,
    changedObjects: [ObjectType]
  ) {
    self.init(
      before: fromResult, after: toResult,
      changedIDs: AssetIDSet(changedObjects.map(PHFetchResult<ObjectType>.identifier)))
  }

  /// Whether the change is described by the index sets and moves; false when too many objects
  /// changed (reload from `fetchResultAfterChanges` then).
  public var hasIncrementalChanges: Bool { diff.isIncremental }

  /// Indexes in `fetchResultBeforeChanges` of the objects that left the fetch; nil when
  /// `hasIncrementalChanges` is false.
  public var removedIndexes: IndexSet? { hasIncrementalChanges ? diff.removedIndexes : nil }

  /// Indexes in `fetchResultAfterChanges` of the objects that joined the fetch; nil when
  /// `hasIncrementalChanges` is false.
  public var insertedIndexes: IndexSet? { hasIncrementalChanges ? diff.insertedIndexes : nil }

  /// Indexes in `fetchResultAfterChanges` of the objects in both whose content or metadata
  /// changed; nil when `hasIncrementalChanges` is false.
  public var changedIndexes: IndexSet? { hasIncrementalChanges ? diff.changedIndexes : nil }

  /// Whether objects kept across the change are in a different order.
  public var hasMoves: Bool { diff.hasMoves }

  public var removedObjects: [ObjectType] {
    fetchResultBeforeChanges.objects(at: removedIndexes ?? [])
  }

  public var insertedObjects: [ObjectType] {
    fetchResultAfterChanges.objects(at: insertedIndexes ?? [])
  }

  public var changedObjects: [ObjectType] {
    fetchResultAfterChanges.objects(at: changedIndexes ?? [])
  }

  /// Calls `handler(fromIndex, toIndex)` for each kept object whose place changed, in
  /// ascending `toIndex`: `fromIndex` in `fetchResultBeforeChanges`, `toIndex` in
  /// `fetchResultAfterChanges`.
  public func enumerateMoves(_ handler: (Int, Int) -> Void) {
    for move in diff.moves { handler(move.from, move.to) }
  }

  /// Nothing was removed, inserted, changed or moved.
  var isEmpty: Bool { diff.isEmpty }

  /// The identifiers of `result`'s objects, in order.
  static func identifiers(of result: PHFetchResult<ObjectType>) -> [String] {
    var identifiers: [String] = []
    identifiers.reserveCapacity(result.count)
    result.enumerateObjects { object, _, _ in
      identifiers.append(PHFetchResult<ObjectType>.identifier(of: object))
    }
    return identifiers
  }
}
