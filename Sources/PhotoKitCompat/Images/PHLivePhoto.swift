import Foundation
import UIKitCompat

/// A Live Photo: a still image and its paired movie. Mirrors `PHLivePhoto` (the two files
/// and the size; there is no `PHLivePhotoView` to play it on Linux).
public final class PHLivePhoto: NSObject, @unchecked Sendable {
  /// The still's size in pixels.
  public let size: CGSize
  /// The still image file.
  public let photoURL: URL
  /// The paired movie file.
  public let videoURL: URL
  /// The `localIdentifier` of the asset this Live Photo was requested for.
  let assetLocalIdentifier: String

  init(photoURL: URL, videoURL: URL, size: CGSize, assetLocalIdentifier: String) {
    self.photoURL = photoURL
    self.videoURL = videoURL
    self.size = size
    self.assetLocalIdentifier = assetLocalIdentifier
    super.init()
  }
}

/// How a Live Photo request delivers. Mirrors `PHLivePhotoRequestOptions`.
public final class PHLivePhotoRequestOptions: NSObject, @unchecked Sendable {
  public var version: PHImageRequestOptionsVersion = .current
  public var deliveryMode: PHImageRequestOptionsDeliveryMode = .opportunistic
  /// Whether a Live Photo in iCloud only may be downloaded; without it the request fails with
  /// `networkAccessRequired`.
  public var isNetworkAccessAllowed = false
  /// Called while the Live Photo downloads from iCloud, with increasing progress.
  public var progressHandler: PHAssetImageProgressHandler?

  public override init() { super.init() }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Keys of a Live Photo result's info. Mirror PhotoKit's names; they are the image keys
/// (`PHImageResultIsDegradedKey`…), which the info dictionary also carries.
public let PHLivePhotoInfoIsDegradedKey = PHImageResultIsDegradedKey
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHLivePhotoInfoErrorKey = PHImageErrorKey
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHLivePhotoInfoCancelledKey = PHImageCancelledKey

extension PHImageManager {
  /// Requests the Live Photo of `asset`: its still and the movie beside it with the same name
  /// ("IMG_0001.HEIC" + "IMG_0001.MOV"). Mirrors
  /// `requestLivePhoto(for:targetSize:contentMode:options:resultHandler:)`: the handler is
  /// called once, on the main queue, with nil and a `PHPhotosError` when the asset has no
  /// paired movie or the app may not read it. The size is the still's (not fitted).
  @discardableResult
  public func requestLivePhoto(
    for asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode,
    options: PHLivePhotoRequestOptions?,
    resultHandler: @escaping (PHLivePhoto?, [AnyHashable: Any]?) -> Void
  ) -> PHImageRequestID {
    let device = PhotoKitDevice.current
    let request = begin(device)
    let identifier = asset.localIdentifier
    let size = CGSize(width: asset.pixelWidth, height: asset.pixelHeight)
    let handler = UncheckedSendable(resultHandler)
    let networkAllowed = options?.isNetworkAccessAllowed ?? false
    let reporter = CloudProgressReporter(options?.progressHandler, request: request)
    device.queue.async {
      // A Live Photo in iCloud only is downloaded first (network access allowed), or refused.
      var result: Result<(photo: URL, movie: URL), PHPhotosError>?
      var inCloud = false
      switch device.fetchIfOffloaded(
        id: identifier, networkAllowed: networkAllowed, reporter: reporter)
      {
      case .none, .downloaded?: result = device.loadLivePhoto(id: identifier)
      case .failed(let error)?:
        result = .failure(error)
        inCloud = true
      case .cancelled?: result = nil
      }
      DispatchQueue.main.async {
        if let result, request.takeDelivery(last: true) {
          switch result {
          case .success(let files):
            handler.value(
              PHLivePhoto(
                photoURL: files.photo, videoURL: files.movie, size: size,
                assetLocalIdentifier: identifier),
              request.info(nil, false))
          case .failure(let error):
            handler.value(nil, request.info(error, false, inCloud: inCloud))
          }
        } else if request.takeCancellation() {
          handler.value(nil, request.cancelledInfo)
        }
        self.finish(request)
      }
    }
    return request.id
  }
}
