import Foundation
import ImageDecoding
import PhotoLibrary

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

/// Loads images of assets. Mirrors `PHImageManager`, with the project's `PixelImage` (RGBA8,
/// orientation applied) where iOS returns a `UIImage`.
///
/// Reading goes through the engine: an asset the current access does not let the app read
/// (add-only, denied, limited and not selected) gives a nil image and a `PHPhotosError` under
/// `PHImageErrorKey`. Results arrive once, never degraded, on a background queue (iOS uses
/// the main queue), or before the call returns with `isSynchronous`.
public class PHImageManager: NSObject, @unchecked Sendable {
  private static let defaultManager = PHImageManager()

  public override init() { super.init() }

  /// The shared image manager.
  public class func `default`() -> PHImageManager { defaultManager }

  /// Decodes `asset` to fit `targetSize` (in pixels; `PHImageManagerMaximumSize` for full
  /// size) by `contentMode`, never enlarging, and calls `resultHandler` once.
  @discardableResult
  public func requestImage(
    for asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode,
    options: PHImageRequestOptions?,
    resultHandler: @escaping (PixelImage?, [AnyHashable: Any]?) -> Void
  ) -> PHImageRequestID {
    let device = PhotoKitDevice.current
    let id = device.state.withLock { state -> PHImageRequestID in
      state.nextImageRequestID += 1
      return state.nextImageRequestID
    }
    let identifier = asset.localIdentifier
    let work: @Sendable () -> (PixelImage?, PHPhotosError?) = {
      device.loadImage(id: identifier, targetSize: targetSize, contentMode: contentMode)
    }
    let deliver: ((PixelImage?, PHPhotosError?)) -> Void = { result in
      let (image, error) = result
      var info: [AnyHashable: Any] = [
        PHImageResultRequestIDKey: id, PHImageResultIsDegradedKey: false,
        PHImageResultIsInCloudKey: false,
      ]
      if let error { info[PHImageErrorKey] = error }
      resultHandler(image, info)
    }
    if options?.isSynchronous == true {
      deliver(work())
    } else {
      let deliver = UncheckedSendable(deliver)
      device.queue.async { deliver.value(work()) }
    }
    return id
  }

  /// Results are delivered once and cannot be withdrawn; kept for source compatibility.
  public func cancelImageRequest(_ requestID: PHImageRequestID) {}
}

/// An image manager that prepares images ahead. Mirrors `PHCachingImageManager`; the caching
/// calls are accepted and do nothing (thumbnails come from the decoder's shrink-on-load).
public final class PHCachingImageManager: PHImageManager, @unchecked Sendable {
  public var allowsCachingHighQualityImages = true

  public func startCachingImages(
    for assets: [PHAsset], targetSize: CGSize, contentMode: PHImageContentMode,
    options: PHImageRequestOptions?
  ) {}

  public func stopCachingImages(
    for assets: [PHAsset], targetSize: CGSize, contentMode: PHImageContentMode,
    options: PHImageRequestOptions?
  ) {}

  public func stopCachingImagesForAllAssets() {}
}

extension PhotoKitDevice {
  /// Reads the asset `id` through the engine and decodes it to fit `targetSize`.
  func loadImage(
    id: String, targetSize: CGSize, contentMode: PHImageContentMode
  ) -> (PixelImage?, PHPhotosError?) {
    let asset: Asset
    do {
      asset = try mapEngineErrors { try session.asset(withID: id) }
    } catch {
      return (nil, error as? PHPhotosError ?? PHPhotosError(.invalid, "\(error)"))
    }
    let longSide = Self.longSide(
      width: asset.pixelWidth, height: asset.pixelHeight, targetSize: targetSize,
      contentMode: contentMode)
    do {
      return (try ImageDecoder.thumbnail(fileAt: asset.url.path, longSide: longSide), nil)
    } catch {
      return (nil, PHPhotosError(.invalidResource, "\(error)"))
    }
  }

  /// The long side that fits (or fills) `targetSize`; 0 (full size) for the maximum size or
  /// an unknown image size.
  static func longSide(
    width: Int, height: Int, targetSize: CGSize, contentMode: PHImageContentMode
  ) -> Int {
    guard width > 0, height > 0, targetSize.width > 0, targetSize.height > 0 else { return 0 }
    let scaleX = Double(targetSize.width) / Double(width)
    let scaleY = Double(targetSize.height) / Double(height)
    let scale = contentMode == .aspectFill ? max(scaleX, scaleY) : min(scaleX, scaleY)
    guard scale < 1 else { return 0 }
    return max(1, Int((Double(max(width, height)) * scale).rounded(.up)))
  }
}
