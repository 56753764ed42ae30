import Foundation
import ImageDecoding
import UIKitCompat

extension PHImageManager {
  /// Requests the original bytes of `asset`'s file, with their uniform type identifier and
  /// EXIF orientation (the bytes are not rotated). Mirrors
  /// `requestImageDataAndOrientation(for:options:resultHandler:)`: the handler is called once,
  /// on the main queue, or before returning with `isSynchronous`. `.current` reads the
  /// asset's saved edit, the other versions its original file. For an asset in iCloud only the
  /// data is downloaded first when `isNetworkAccessAllowed` (progress to `progressHandler`);
  /// without it the handler gets nil, `PHImageResultIsInCloudKey` true and
  /// `networkAccessRequired` under `PHImageErrorKey`.
  @discardableResult
  public func requestImageDataAndOrientation(
    for asset: PHAsset, options: PHImageRequestOptions?,
    resultHandler:
      @escaping (Data?, String?, CGImagePropertyOrientation, [AnyHashable: Any]?) ->
      Void
  ) -> PHImageRequestID {
    let handler = UncheckedSendable(resultHandler)
    return requestData(for: asset, options: options) { load, info in
      handler.value(load.data, load.dataUTI, CGImagePropertyOrientation(load.orientation), info)
    }
  }

  /// `requestImageDataAndOrientation(for:options:resultHandler:)` with UIKit's orientation.
  /// Mirrors the (deprecated) `requestImageData(for:options:resultHandler:)`.
  @discardableResult
  public func requestImageData(
    for asset: PHAsset, options: PHImageRequestOptions?,
    resultHandler: @escaping (Data?, String?, UIImage.Orientation, [AnyHashable: Any]?) -> Void
  ) -> PHImageRequestID {
    let handler = UncheckedSendable(resultHandler)
    return requestData(for: asset, options: options) { load, info in
      handler.value(load.data, load.dataUTI, UIImage.Orientation(load.orientation), info)
    }
  }

  /// Loads the data of `asset` and calls `deliver` once, as the options' threading says.
  private func requestData(
    for asset: PHAsset, options: PHImageRequestOptions?,
    deliver: @escaping @Sendable (ImageDataLoad, [AnyHashable: Any]) -> Void
  ) -> PHImageRequestID {
    let device = PhotoKitDevice.current
    let request = begin(device)
    let identifier = asset.localIdentifier
    let version = options?.version ?? .current
    let networkAllowed = options?.isNetworkAccessAllowed ?? false
    let reporter = CloudProgressReporter(options?.progressHandler, request: request)
    // The data is the full version: an asset in iCloud only is downloaded first, or refused.
    let load = { @Sendable () -> (ImageDataLoad, inCloud: Bool)? in
      switch device.fetchIfOffloaded(
        id: identifier, networkAllowed: networkAllowed, reporter: reporter)
      {
      case .none, .downloaded?:
        return (device.loadImageData(id: identifier, version: version), false)
      case .failed(let error)?: return (ImageDataLoad(error: error), true)
      case .cancelled?: return nil
      }
    }
    if options?.isSynchronous == true {
      // A download's progress calls run on a background queue, never the caller's thread.
      let result = LockedBox<(ImageDataLoad, inCloud: Bool)?>(nil)
      let done = DispatchSemaphore(value: 0)
      device.queue.async {
        let loaded = load()
        result.withLock { $0 = loaded }
        done.signal()
      }
      done.wait()
      if let (load, inCloud) = result.current {
        deliver(load, request.info(load.error, false, inCloud: inCloud))
      } else if request.takeCancellation() {
        deliver(ImageDataLoad(), request.cancelledInfo)
      }
      finish(request)
      return request.id
    }
    device.queue.async {
      let result = load()
      DispatchQueue.main.async {
        if let (load, inCloud) = result, request.takeDelivery(last: true) {
          deliver(load, request.info(load.error, false, inCloud: inCloud))
        } else if request.takeCancellation() {
          deliver(ImageDataLoad(), request.cancelledInfo)
        }
        self.finish(request)
      }
    }
    return request.id
  }
}
