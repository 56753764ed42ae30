// The save-flow article ("PHAuthorizationStatus for iOS 14 or later"), "How to use": save into an
// album when read/write is authorized, else to the
// camera roll when add-only allows it, else nothing. The article shows only the call; the two
// save methods are ordinary PhotoKit code written for this example.

import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

/// Saves one image file "as much as possible" (the save-flow article).
final class PhotoSaver {
  /// Where a save went.
  enum Destination: Equatable {
    case album(String)
    case cameraRoll
  }

  let imageURL: URL
  /// Not in the article: called when a save finished, so that tests can wait for it.
  var onSaved: ((Destination, Bool, (any Error)?) -> Void)?
  /// Not in the article: called with the checker's verdict, so that tests can wait for it.
  var onDecision: ((AuthorizationStatusChecker.PhotoLibraryAuthorizationStatus) -> Void)?

  init(imageURL: URL) {
    self.imageURL = imageURL
  }

  /// The article's usage code.
  func save() {
    AuthorizationStatusChecker.checkPhotoLibrary { [weak self] (status) in
      switch status {
      case .readWrite:
        self?.saveToAlbum(name: "MyAlbum")
      case .addOnly:
        self?.saveToCameraRoll()
      case .denied:
        break
      }
      self?.onDecision?(status)  // Not in the article (see `onDecision`).
    }
  }

  /// Adds the image to the album `name`, creating the album when it does not exist.
  func saveToAlbum(name: String) {
    PHPhotoLibrary.shared().performChanges(
      {
        let assetRequest = PHAssetChangeRequest.creationRequestForAssetFromImage(
          atFileURL: self.imageURL)
        var album: PHAssetCollection?
        let albums = PHAssetCollection.fetchAssetCollections(
          with: .album, subtype: .albumRegular, options: nil)
        albums.enumerateObjects { collection, _, stop in
          if collection.localizedTitle == name {
            album = collection
            stop.pointee = true
          }
        }
        let albumRequest =
          album.flatMap { PHAssetCollectionChangeRequest(for: $0) }
          ?? PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: name)
        if let placeholder = assetRequest?.placeholderForCreatedAsset {
          albumRequest.addAssets([placeholder] as NSArray)
        }
      },
      completionHandler: { success, error in
        self.onSaved?(.album(name), success, error)
      })
  }

  /// Adds the image to the camera roll.
  func saveToCameraRoll() {
    PHPhotoLibrary.shared().performChanges(
      {
        PHAssetChangeRequest.creationRequestForAssetFromImage(atFileURL: self.imageURL)
      },
      completionHandler: { success, error in
        self.onSaved?(.cameraRoll, success, error)
      })
  }
}
