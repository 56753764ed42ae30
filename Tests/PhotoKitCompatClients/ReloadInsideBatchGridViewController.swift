import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// A grid that reloads `changedIndexes` inside the batch, as several pickers shipped: those
/// indexes are *after* the change, the batch reads them as *before* it, so a change that
/// removes or inserts photos next to a changed one raises "attempt to delete and reload the
/// same index path" (or deletes past the end).
final class ReloadInsideBatchGridViewController: PhotoGridViewController {
  override func apply(_ changes: PHFetchResultChangeDetails<PHAsset>) {
    fetchResult = changes.fetchResultAfterChanges
    guard changes.hasIncrementalChanges else {
      collectionView.reloadData()
      return
    }
    collectionView.performBatchUpdates({
      if let removed = changes.removedIndexes, !removed.isEmpty {
        self.collectionView.deleteItems(at: removed.map { IndexPath(item: $0, section: 0) })
      }
      if let inserted = changes.insertedIndexes, !inserted.isEmpty {
        self.collectionView.insertItems(at: inserted.map { IndexPath(item: $0, section: 0) })
      }
      if let changed = changes.changedIndexes, !changed.isEmpty {
        self.collectionView.reloadItems(at: changed.map { IndexPath(item: $0, section: 0) })
      }
      changes.enumerateMoves { fromIndex, toIndex in
        self.collectionView.moveItem(
          at: IndexPath(item: fromIndex, section: 0), to: IndexPath(item: toIndex, section: 0))
      }
    })
  }
}

#if !canImport(UIKit)
  extension ReloadInsideBatchGridViewController: @unchecked Sendable {}
#endif
