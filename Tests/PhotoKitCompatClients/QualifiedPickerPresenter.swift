import PhotosUI

#if canImport(UIKit)
  import UIKit
#endif

/// A system photo picker presenter written with `import PhotosUI` alone, as many apps write
/// it (PhotosUI brings Photos): PhotosUI- and Photos-qualified names, the picked identifiers
/// fetched as assets. On Linux `import PhotosUI` is PhotoGate's `PhotosUI` module.
final class QualifiedPickerPresenter: NSObject, PhotosUI.PHPickerViewControllerDelegate {
  private let presenter: UIViewController
  private var completion: ((Photos.PHFetchResult<Photos.PHAsset>?) -> Void)?

  init(presenter: UIViewController) {
    self.presenter = presenter
  }

  /// Presents the picker over the shared library (so results carry identifiers) and calls
  /// `completion` with the picked assets the app may read, or nil when the user cancelled.
  func pick(
    limit: Int, completion: @escaping (Photos.PHFetchResult<Photos.PHAsset>?) -> Void
  ) {
    self.completion = completion
    var configuration = PhotosUI.PHPickerConfiguration(photoLibrary: Photos.PHPhotoLibrary.shared())
    configuration.filter = PhotosUI.PHPickerFilter.images
    configuration.selectionLimit = limit
    let picker = PhotosUI.PHPickerViewController(configuration: configuration)
    picker.delegate = self
    presenter.present(picker, animated: true)
  }

  func picker(
    _ picker: PhotosUI.PHPickerViewController, didFinishPicking results: [PhotosUI.PHPickerResult]
  ) {
    picker.dismiss(animated: true)
    let completion = self.completion
    self.completion = nil
    guard !results.isEmpty else {
      completion?(nil)
      return
    }
    let identifiers = results.compactMap(\.assetIdentifier)
    completion?(Photos.PHAsset.fetchAssets(withLocalIdentifiers: identifiers, options: nil))
  }
}
