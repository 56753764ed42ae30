import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// A grid that keeps its old fetch result through the batch and takes the new one in the
/// completion: when the batch ends the data source still answers the count before the
/// change, so any change that adds or removes photos raises "Invalid update: invalid number
/// of items in section 0".
final class StaleFetchResultGridViewController: PhotoGridViewController {
  override func apply(_ changes: PHFetchResultChangeDetails<PHAsset>) {
    guard changes.hasIncrementalChanges else {
      fetchResult = changes.fetchResultAfterChanges
      collectionView.reloadData()
      return
    }
    collectionView.performBatchUpdates(
      {
        if let removed = changes.removedIndexes, !removed.isEmpty {
          self.collectionView.deleteItems(at: removed.map { IndexPath(item: $0, section: 0) })
        }
        if let inserted = changes.insertedIndexes, !inserted.isEmpty {
          self.collectionView.insertItems(at: inserted.map { IndexPath(item: $0, section: 0) })
        }
      },
      completion: { _ in
        self.fetchResult = changes.fetchResultAfterChanges
      })
  }
}

#if !canImport(UIKit)
  extension StaleFetchResultGridViewController: @unchecked Sendable {}
#endif
