import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// A photo grid kept in step with the library as Apple's sample code keeps it: on a change,
/// take the fetch result after it, then, inside one `performBatchUpdates`, delete the removed
/// indexes, insert the inserted ones and make the moves; reload the changed indexes after the
/// batch (they are indexes *after* the change, which a batch would read as *before*); reload
/// everything when the change is not incremental.
///
/// The wrong ways iOS pickers shipped are its subclasses (`ReloadInsideBatchGridViewController`,
/// `StaleFetchResultGridViewController`, `SeparateUpdatesGridViewController`): each overrides
/// `apply(_:)` only.
class PhotoGridViewController: UIViewController, UICollectionViewDataSource,
  PHPhotoLibraryChangeObserver
{
  var fetchResult: PHFetchResult<PHAsset>
  private(set) var collectionView: UICollectionView!

  init(fetchResult: PHFetchResult<PHAsset>) {
    self.fetchResult = fetchResult
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 80, height: 80)
    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
    collectionView.dataSource = self
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Photo")
    view.addSubview(collectionView)
  }

  /// Starts following the library.
  func startObserving() {
    PHPhotoLibrary.shared().register(self)
  }

  func stopObserving() {
    PHPhotoLibrary.shared().unregisterChangeObserver(self)
  }

  // MARK: UICollectionViewDataSource

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    fetchResult.count
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
  }

  // MARK: PHPhotoLibraryChangeObserver

  func photoLibraryDidChange(_ changeInstance: PHChange) {
    // Photos calls this on a background queue: read the details and update the view on the
    // main queue, synchronously, so that the next change is compared with this one's result.
    DispatchQueue.main.sync {
      guard let changes = changeInstance.changeDetails(for: fetchResult) else { return }
      apply(changes)
    }
  }

  /// Shows `changes` (on the main queue).
  func apply(_ changes: PHFetchResultChangeDetails<PHAsset>) {
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
      changes.enumerateMoves { fromIndex, toIndex in
        self.collectionView.moveItem(
          at: IndexPath(item: fromIndex, section: 0), to: IndexPath(item: toIndex, section: 0))
      }
    })
    if let changed = changes.changedIndexes, !changed.isEmpty {
      self.collectionView.reloadItems(at: changed.map { IndexPath(item: $0, section: 0) })
    }
  }
}

#if !canImport(UIKit)
  extension PhotoGridViewController: @unchecked Sendable {}
#endif
