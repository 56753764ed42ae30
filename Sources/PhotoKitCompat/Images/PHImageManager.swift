import Dispatch
import Foundation
import ImageDecoding
import PhotoLibrary
import UIKitCompat

/// Identifies an image request. Mirrors `PHImageRequestID`.
public typealias PHImageRequestID = Int32
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Never a valid request id. Mirrors `PHInvalidImageRequestID`.
public let PHInvalidImageRequestID: PHImageRequestID = 0
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Asks for the image at full size. Mirrors `PHImageManagerMaximumSize`.
public let PHImageManagerMaximumSize = CGSize(width: -1, height: -1)

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Keys of the info dictionary of an image result. Mirror PhotoKit's constants.
public let PHImageResultIsInCloudKey = "PHImageResultIsInCloudKey"
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHImageResultIsDegradedKey = "PHImageResultIsDegradedKey"
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHImageResultRequestIDKey = "PHImageResultRequestIDKey"
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHImageCancelledKey = "PHImageCancelledKey"
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHImageErrorKey = "PHImageErrorKey"

/// How an image fits the target size. Mirrors `PHImageContentMode`, raw values included.
public enum PHImageContentMode: Int, Sendable, Equatable, Hashable {
  /// The whole image inside the target size.
  case aspectFit = 0
  /// The image covers the target size.
  case aspectFill = 1
  public static var `default`: PHImageContentMode { .aspectFit }
}

/// Loads images and image data of assets. Mirrors `PHImageManager`.
///
/// Reading goes through the engine: an asset the current access does not let the app read
/// (add-only, denied, limited and not selected) gives a nil result and a `PHPhotosError`
/// under `PHImageErrorKey`. Threading is a device's: an asynchronous request calls its handler
/// on the main queue (with `.opportunistic`, a degraded image first, then the final one); a
/// synchronous one (`isSynchronous`) calls it exactly once, before returning, on the calling
/// thread.
public class PHImageManager: NSObject, @unchecked Sendable {
  private static let defaultManager = PHImageManager()
  /// The requests not yet finished, by id, for `cancelImageRequest(_:)`.
  private let requests = LockedBox<[PHImageRequestID: ImageRequest]>([:])

  public override init() { super.init() }

  /// The shared image manager.
  public class func `default`() -> PHImageManager { defaultManager }

  /// Requests an image of `asset` for `targetSize` (pixels; `PHImageManagerMaximumSize` for
  /// full size) and `contentMode`, sized by the options' `resizeMode`: `.exact` fits (or, with
  /// `.aspectFill`, covers) the target, `.fast` is the decoder's shrink-on-load size at least
  /// as large, `.none` the full image; never enlarged, EXIF orientation applied, aspect kept.
  /// With `.exact`, `normalizedCropRect` picks the part of the image that is fitted.
  @discardableResult
  public func requestImage(
    for asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode,
    options: PHImageRequestOptions?,
    resultHandler: @escaping (UIImage?, [AnyHashable: Any]?) -> Void
  ) -> PHImageRequestID {
    let options = options?.copy() as? PHImageRequestOptions ?? PHImageRequestOptions()
    let device = PhotoKitDevice.current
    let request = begin(device)
    let identifier = asset.localIdentifier
    let plan = ImageRequestPlan(targetSize: targetSize, contentMode: contentMode, options: options)
    let handler = UncheckedSendable(resultHandler)
    let deliver: @Sendable (ImageLoad, _ degraded: Bool) -> Void = { load, degraded in
      handler.value(load.image.map { UIImage(pixels: $0) }, request.info(load.error, degraded))
    }
    let cloud = { @Sendable (asset: Asset) in
      CloudImageDelivery(
        device: device, asset: asset, plan: plan, request: request,
        networkAllowed: options.isNetworkAccessAllowed,
        reporter: CloudProgressReporter(options.progressHandler, request: request),
        deliver: { image, info in handler.value(image, info) })
    }
    // An asset in iCloud only: what fits in the small version the device keeps is made of it.
    let load = { @Sendable (offloaded: Asset?, stage: ImageRequestPlan.Stage) in
      offloaded.map { device.loadLocalVersion($0, plan: plan, stage: stage) }
        ?? device.loadImage(id: identifier, plan: plan, stage: stage)
    }
    if options.isSynchronous {
      let offloaded = device.offloadedAsset(id: identifier)
      if let asset = offloaded,
        plan.exceedsLocalVersion(width: asset.pixelWidth, height: asset.pixelHeight)
      {
        // The download (and its progress calls) runs on a background queue; the result is
        // delivered here, on the calling thread, before returning.
        let results = LockedBox<[@Sendable () -> Void]>([])
        let done = DispatchSemaphore(value: 0)
        device.queue.async {
          self.deliverFromCloud(cloud(asset)) { post in results.withLock { $0.append(post) } }
          done.signal()
        }
        done.wait()
        for post in results.current { post() }
        return request.id
      }
      deliver(load(offloaded, .final), false)
      finish(request)
      return request.id
    }
    device.queue.async {
      let offloaded = device.offloadedAsset(id: identifier)
      if let asset = offloaded,
        plan.exceedsLocalVersion(width: asset.pixelWidth, height: asset.pixelHeight)
      {
        self.deliverFromCloud(cloud(asset)) { DispatchQueue.main.async(execute: $0) }
        return
      }
      for stage in plan.stages {
        let load = load(offloaded, stage)
        let last = stage == plan.stages.last || load.error != nil
        DispatchQueue.main.async {
          if request.takeDelivery(last: last) {
            deliver(load, stage == .degraded)
          } else if request.takeCancellation() {
            handler.value(nil, request.cancelledInfo)
          }
          if last { self.finish(request) }
        }
        if last { break }
      }
    }
    return request.id
  }

  /// Cancels a request that has not delivered its final result: its handler is called once
  /// more, with a nil result and `PHImageCancelledKey` true, and nothing after that.
  public func cancelImageRequest(_ requestID: PHImageRequestID) {
    requests.withLock { $0[requestID] }?.cancel()
  }

  /// The last request id handed out, by any device: ids are unique in the process, so that
  /// `cancelImageRequest(_:)` finds the request whichever thread (and isolated device) it is
  /// called from.
  private static let lastRequestID = LockedBox<PHImageRequestID>(0)

  /// A new request with the next id, registered for cancellation.
  func begin(_ device: PhotoKitDevice) -> ImageRequest {
    let id = Self.lastRequestID.withLock { last -> PHImageRequestID in
      last = last == .max ? 1 : last + 1
      return last
    }
    let request = ImageRequest(id: id)
    requests.withLock { $0[id] = request }
    return request
  }

  /// Forgets a finished request.
  func finish(_ request: ImageRequest) {
    _ = requests.withLock { $0.removeValue(forKey: request.id) }
  }
}
