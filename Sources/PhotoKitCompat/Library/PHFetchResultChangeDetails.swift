import Foundation

/// The difference between a fetch result before and after a change. Mirrors
/// `PHFetchResultChangeDetails`.
///
/// Indexes follow PhotoKit's conventions: removed ones refer to `fetchResultBeforeChanges`;
/// inserted and changed ones to `fetchResultAfterChanges`. Objects match by
/// `localIdentifier`.
public final class PHFetchResultChangeDetails<ObjectType: AnyObject>: NSObject,
  @unchecked Sendable
{
  public let fetchResultBeforeChanges: PHFetchResult<ObjectType>
  public let fetchResultAfterChanges: PHFetchResult<ObjectType>
  /// Always true: every change is described incrementally.
  public let hasIncrementalChanges = true
  public let removedIndexes: IndexSet?
  public let insertedIndexes: IndexSet?
  public let changedIndexes: IndexSet?
  /// Whether objects kept across the change are in a different order.
  public let hasMoves: Bool
  private let moves: [(from: Int, to: Int)]

  init(
    before: PHFetchResult<ObjectType>, after: PHFetchResult<ObjectType>, changedIDs: Set<String>
  ) {
    fetchResultBeforeChanges = before
    fetchResultAfterChanges = after
    let beforeIDs = before.objects.map(PHFetchResult<ObjectType>.identifier)
    let afterIDs = after.objects.map(PHFetchResult<ObjectType>.identifier)
    let beforeSet = Set(beforeIDs)
    let afterSet = Set(afterIDs)
    removedIndexes = IndexSet(beforeIDs.indices.filter { !afterSet.contains(beforeIDs[$0]) })
    insertedIndexes = IndexSet(afterIDs.indices.filter { !beforeSet.contains(afterIDs[$0]) })
    changedIndexes = IndexSet(
      afterIDs.indices.filter {
        beforeSet.contains(afterIDs[$0]) && changedIDs.contains(afterIDs[$0])
      })
    // Kept objects: where each was (after removals) and where it is (before insertions).
    let keptBefore = beforeIDs.filter(afterSet.contains)
    let keptAfter = afterIDs.filter(beforeSet.contains)
    var moves: [(from: Int, to: Int)] = []
    for (to, id) in keptAfter.enumerated() where keptBefore[to] != id {
      if let from = keptBefore.firstIndex(of: id) { moves.append((from, to)) }
    }
    self.moves = moves
    hasMoves = !moves.isEmpty
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
      changedIDs: Set(changedObjects.map(PHFetchResult<ObjectType>.identifier)))
  }

  public var removedObjects: [ObjectType] {
    fetchResultBeforeChanges.objects(at: removedIndexes ?? [])
  }

  public var insertedObjects: [ObjectType] {
    fetchResultAfterChanges.objects(at: insertedIndexes ?? [])
  }

  public var changedObjects: [ObjectType] {
    fetchResultAfterChanges.objects(at: changedIndexes ?? [])
  }

  /// Calls `handler(from, to)` for each kept object whose position changed.
  public func enumerateMoves(_ handler: (Int, Int) -> Void) {
    for move in moves { handler(move.from, move.to) }
  }

  /// Nothing was removed, inserted, changed or moved.
  var isEmpty: Bool {
    (removedIndexes ?? []).isEmpty && (insertedIndexes ?? []).isEmpty
      && (changedIndexes ?? []).isEmpty && !hasMoves
  }
}
