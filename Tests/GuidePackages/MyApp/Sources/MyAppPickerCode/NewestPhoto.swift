import Photos
import PhotosUI

#if canImport(UIKit)
  import UIKit
#endif

/// The identifier of the newest photo the app may read; nil when it may read none.
public func newestPhotoIdentifier() -> String? {
  let options = PHFetchOptions()
  options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
  options.fetchLimit = 1
  let newest: Photos.PHAsset? = PHAsset.fetchAssets(with: .image, options: options).firstObject
  return newest?.localIdentifier
}

/// The system photo picker for one photo, its results carrying asset identifiers.
@MainActor public func singlePhotoPicker() -> PhotosUI.PHPickerViewController {
  var configuration = PHPickerConfiguration(photoLibrary: .shared())
  configuration.filter = .images
  configuration.selectionLimit = 1
  return PHPickerViewController(configuration: configuration)
}
