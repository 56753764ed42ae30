import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// A multi-selection picker screen: loads on `viewDidLoad`, refreshes on `viewWillAppear`,
/// observes the library while visible, previews a photo full size, and hands back the
/// selection as JPEG data when done.
class PickerViewController: UIViewController, PHPhotoLibraryChangeObserver {
  let maximumSelection: Int
  private(set) var assets: PHFetchResult<PHAsset> = PHFetchResult()
  private(set) var selectedIdentifiers: [String] = []
  private(set) var lifecycle: [String] = []
  var onFinish: (([Data]) -> Void)?

  init(maximumSelection: Int) {
    self.maximumSelection = maximumSelection
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    maximumSelection = 1
    super.init(coder: coder)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    lifecycle.append("viewDidLoad")
    title = "Recents"
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    lifecycle.append("viewWillAppear")
    let options = PHFetchOptions()
    options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
    assets = PHAsset.fetchAssets(with: .image, options: options)
    PHPhotoLibrary.shared().register(self)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    lifecycle.append("viewDidAppear")
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    lifecycle.append("viewWillDisappear")
    PHPhotoLibrary.shared().unregisterChangeObserver(self)
  }

  /// Selects or deselects the photo at `index`; past the maximum, nothing happens.
  func toggle(at index: Int) {
    let identifier = assets.object(at: index).localIdentifier
    if let position = selectedIdentifiers.firstIndex(of: identifier) {
      selectedIdentifiers.remove(at: position)
    } else if selectedIdentifiers.count < maximumSelection {
      selectedIdentifiers.append(identifier)
    }
  }

  /// Presents the full-size preview of the photo at `index`.
  func preview(at index: Int) -> PreviewViewController {
    let preview = PreviewViewController(asset: assets.object(at: index))
    present(preview, animated: true, completion: nil)
    return preview
  }

  /// Reads each selected photo synchronously (this runs off the main thread, as the request
  /// blocks), re-encodes it as JPEG and dismisses.
  func finish() {
    let picked = PHAsset.fetchAssets(withLocalIdentifiers: selectedIdentifiers, options: nil)
    let options = PHImageRequestOptions()
    options.isSynchronous = true
    options.deliveryMode = .highQualityFormat
    options.resizeMode = .exact
    var results: [Data] = []
    picked.enumerateObjects { asset, _, _ in
      PHImageManager.default().requestImage(
        for: asset, targetSize: CGSize(width: 1024, height: 1024), contentMode: .aspectFit,
        options: options
      ) { image, _ in
        if let data = image?.jpegData(compressionQuality: 0.8) {
          results.append(data)
        }
      }
    }
    dismiss(animated: true) {
      self.onFinish?(results)
    }
  }

  func photoLibraryDidChange(_ changeInstance: PHChange) {
    guard let details = changeInstance.changeDetails(for: assets) else { return }
    DispatchQueue.main.async {
      self.assets = details.fetchResultAfterChanges
    }
  }
}

/// A full-size preview: asks for the best image, allowing iCloud downloads with progress.
class PreviewViewController: UIViewController {
  let asset: PHAsset
  private(set) var image: UIImage?
  private(set) var progress: [Double] = []
  private(set) var orientation: CGImagePropertyOrientation?
  private(set) var uniformTypeIdentifier: String?
  var onImage: (() -> Void)?

  init(asset: PHAsset) {
    self.asset = asset
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let options = PHImageRequestOptions()
    options.deliveryMode = .highQualityFormat
    options.isNetworkAccessAllowed = true
    options.progressHandler = { progress, _, _, _ in
      DispatchQueue.main.async { self.progress.append(progress) }
    }
    PHImageManager.default().requestImageDataAndOrientation(for: asset, options: options) {
      _, dataUTI, orientation, _ in
      self.uniformTypeIdentifier = dataUTI
      self.orientation = orientation
    }
    PHImageManager.default().requestImage(
      for: asset, targetSize: PHImageManagerMaximumSize, contentMode: .aspectFit,
      options: options
    ) { [weak self] image, _ in
      self?.image = image
      self?.onImage?()
    }
  }
}

#if !canImport(UIKit)
  // UIKit's view controllers are main-actor types; the Linux stand-in is `@unchecked Sendable`
  // instead, which subclasses restate.
  extension PickerViewController: @unchecked Sendable {}
  extension PreviewViewController: @unchecked Sendable {}
#endif
