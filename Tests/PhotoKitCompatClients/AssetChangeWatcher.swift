import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

/// Keeps a photo detail screen in step with the library: the heart follows the favourite
/// flag, an edit made elsewhere reloads the image, and a deleted photo closes the screen.
final class AssetChangeWatcher: NSObject, PHPhotoLibraryChangeObserver {
  enum Update: Equatable {
    case favorite(Bool)
    case imageChanged
    case deleted
  }

  private(set) var asset: PHAsset
  private let onUpdate: (Update) -> Void

  init(asset: PHAsset, onUpdate: @escaping (Update) -> Void) {
    self.asset = asset
    self.onUpdate = onUpdate
    super.init()
    PHPhotoLibrary.shared().register(self)
  }

  deinit {
    PHPhotoLibrary.shared().unregisterChangeObserver(self)
  }

  /// Toggles the favourite flag of the photo on screen.
  func toggleFavorite(completion: ((Bool) -> Void)? = nil) {
    let asset = self.asset
    PHPhotoLibrary.shared().performChanges({
      let request = PHAssetChangeRequest(for: asset)
      request.isFavorite = !asset.isFavorite
    }) { success, _ in
      completion?(success)
    }
  }

  func photoLibraryDidChange(_ changeInstance: PHChange) {
    guard let details = changeInstance.changeDetails(for: asset) else { return }
    DispatchQueue.main.async {
      guard let updated = details.objectAfterChanges, !details.objectWasDeleted else {
        self.onUpdate(.deleted)
        return
      }
      let before = self.asset
      self.asset = updated
      if details.assetContentChanged {
        self.onUpdate(.imageChanged)
      }
      if updated.isFavorite != before.isFavorite {
        self.onUpdate(.favorite(updated.isFavorite))
      }
    }
  }
}
