import Foundation

#if canImport(PhotosUI)
  import PhotosUI
#else
  import PhotosUICompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// The system photo picker as apps wire it: a configuration built from the caller's wishes, a
/// delegate that dismisses the picker and loads each pick as a `UIImage`, results handed back
/// in the order picked.
final class PhotoPickerCoordinator: PHPickerViewControllerDelegate {
  struct Pick {
    var assetIdentifier: String?
    var image: UIImage?
    var error: Error?
  }

  private let presenter: UIViewController
  private var completion: (([Pick]) -> Void)?

  init(presenter: UIViewController) {
    self.presenter = presenter
  }

  /// Presents the picker for up to `limit` photos (0: any number) and calls `completion` on
  /// the main queue with what was picked.
  func pickPhotos(limit: Int, includeVideos: Bool, completion: @escaping ([Pick]) -> Void) {
    self.completion = completion
    var configuration = PHPickerConfiguration(photoLibrary: .shared())
    configuration.filter = includeVideos ? .any(of: [.images, .videos]) : .images
    configuration.selectionLimit = limit
    configuration.selection = .ordered
    configuration.preferredAssetRepresentationMode = .current
    let picker = PHPickerViewController(configuration: configuration)
    picker.delegate = self
    presenter.present(picker, animated: true)
  }

  func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) {
    picker.dismiss(animated: true)
    guard !results.isEmpty else {
      completion?([])
      return
    }
    let collected = PickCollector(count: results.count)
    let group = DispatchGroup()
    for (index, result) in results.enumerated() {
      let provider = result.itemProvider
      guard provider.canLoadObject(ofClass: UIImage.self) else {
        collected.set(index, Pick(assetIdentifier: result.assetIdentifier, image: nil, error: nil))
        continue
      }
      group.enter()
      provider.loadObject(ofClass: UIImage.self) { object, error in
        collected.set(
          index,
          Pick(assetIdentifier: result.assetIdentifier, image: object as? UIImage, error: error))
        group.leave()
      }
    }
    group.notify(queue: .main) { [weak self] in
      self?.completion?(collected.picks)
      self?.completion = nil
    }
  }
}

/// The picks loaded so far, filled from the item providers' background queues.
private final class PickCollector {
  private let lock = NSLock()
  private var slots: [PhotoPickerCoordinator.Pick?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func set(_ index: Int, _ pick: PhotoPickerCoordinator.Pick) {
    lock.lock()
    slots[index] = pick
    lock.unlock()
  }

  var picks: [PhotoPickerCoordinator.Pick] {
    lock.lock()
    defer { lock.unlock() }
    return slots.compactMap { $0 }
  }
}
