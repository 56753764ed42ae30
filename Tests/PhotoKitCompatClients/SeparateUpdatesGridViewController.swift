import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// A grid that inserts, then deletes, each on its own instead of in one batch: the insert is
/// an update of its own, checked against a data source that already lost the removed photos,
/// so a change that both adds and removes raises "Invalid update: invalid number of items in
/// section 0".
final class SeparateUpdatesGridViewController: PhotoGridViewController {
  override func apply(_ changes: PHFetchResultChangeDetails<PHAsset>) {
    fetchResult = changes.fetchResultAfterChanges
    guard changes.hasIncrementalChanges else {
      collectionView.reloadData()
      return
    }
    if let inserted = changes.insertedIndexes, !inserted.isEmpty {
      self.collectionView.insertItems(at: inserted.map { IndexPath(item: $0, section: 0) })
    }
    if let removed = changes.removedIndexes, !removed.isEmpty {
      self.collectionView.deleteItems(at: removed.map { IndexPath(item: $0, section: 0) })
    }
    if let changed = changes.changedIndexes, !changed.isEmpty {
      self.collectionView.reloadItems(at: changed.map { IndexPath(item: $0, section: 0) })
    }
  }
}

#if !canImport(UIKit)
  extension SeparateUpdatesGridViewController: @unchecked Sendable {}
#endif
