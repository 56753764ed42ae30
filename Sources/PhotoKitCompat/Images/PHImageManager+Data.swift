import Foundation
import ImageDecoding
import UIKitCompat

extension PHImageManager {
  /// Requests the original bytes of `asset`'s file, with their uniform type identifier and
  /// EXIF orientation (the bytes are not rotated). Mirrors
  /// `requestImageDataAndOrientation(for:options:resultHandler:)`: the handler is called once,
  /// on the main queue, or before returning with `isSynchronous`. `.current` reads the
  /// asset's saved edit, the other versions its original file.
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
    if options?.isSynchronous == true {
      let load = device.loadImageData(id: identifier, version: version)
      deliver(load, request.info(load.error, false))
      finish(request)
      return request.id
    }
    device.queue.async {
      let load = device.loadImageData(id: identifier, version: version)
      DispatchQueue.main.async {
        if request.takeDelivery(last: true) {
          deliver(load, request.info(load.error, false))
        } else if request.takeCancellation() {
          deliver(ImageDataLoad(), request.cancelledInfo)
        }
        self.finish(request)
      }
    }
    return request.id
  }
}
