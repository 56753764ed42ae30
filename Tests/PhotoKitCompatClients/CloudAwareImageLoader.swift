import Photos

#if canImport(UIKit)
  import UIKit
#endif

/// A detail screen's image loader as apps write it with `import Photos` alone: module-qualified
/// PhotoKit names (as code does that also defines its own `Asset` or `ImageManager`), a
/// progress handler for photos in iCloud, and the degraded/final split of opportunistic
/// delivery. On Linux `import Photos` is PhotoGate's `Photos` module.
final class CloudAwareImageLoader {
  struct Delivery {
    var image: UIImage?
    var isDegraded: Bool
    var error: Error?
  }

  private let manager: Photos.PHImageManager
  private(set) var progressReports: [Double] = []

  init(manager: Photos.PHImageManager = Photos.PHImageManager.default()) {
    self.manager = manager
  }

  /// The newest photo the app may read, or nil.
  func newestPhoto() -> Photos.PHAsset? {
    let options = Photos.PHFetchOptions()
    options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
    options.fetchLimit = 1
    let result: Photos.PHFetchResult<Photos.PHAsset> = Photos.PHAsset.fetchAssets(
      with: Photos.PHAssetMediaType.image, options: options)
    return result.firstObject
  }

  /// Requests `asset` fitted in `side`×`side` points, allowing iCloud downloads; `deliver` is
  /// called once per delivered image.
  @discardableResult
  func load(
    _ asset: Photos.PHAsset, side: CGFloat, deliver: @escaping (Delivery) -> Void
  ) -> Photos.PHImageRequestID {
    let options = Photos.PHImageRequestOptions()
    options.deliveryMode = .opportunistic
    options.isNetworkAccessAllowed = true
    let progress: Photos.PHAssetImageProgressHandler = { [weak self] value, _, _, _ in
      self?.progressReports.append(value)
    }
    options.progressHandler = progress
    return manager.requestImage(
      for: asset, targetSize: CGSize(width: side, height: side), contentMode: .aspectFit,
      options: options
    ) { image, info in
      deliver(
        Delivery(
          image: image,
          isDegraded: (info?[Photos.PHImageResultIsDegradedKey] as? Bool) ?? false,
          error: info?[Photos.PHImageErrorKey] as? Error))
    }
  }
}
