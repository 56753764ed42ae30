import Foundation

/// Reports the progress of an iCloud download. Mirrors `PHAssetImageProgressHandler`.
public typealias PHAssetImageProgressHandler =
  (Double, (any Error)?, UnsafeMutablePointer<ObjCBool>, [AnyHashable: Any]?) -> Void

/// How an image request delivers. Mirrors `PHImageRequestOptions`; `copy()` (NSCopying) gives
/// an independent copy, and a request keeps a copy of the options it was made with.
public final class PHImageRequestOptions: NSObject, NSCopying, @unchecked Sendable {
  /// Deliver exactly once, before `requestImage` returns, on the calling thread.
  public var isSynchronous = false
  /// `.opportunistic` (asynchronous) delivers a degraded image, then the final one;
  /// the other modes deliver once.
  public var deliveryMode: PHImageRequestOptionsDeliveryMode = .opportunistic
  /// How the result is sized for the target size (see `PHImageManager.requestImage`).
  public var resizeMode: PHImageRequestOptionsResizeMode = .fast
  /// `.current` (the default) reads an asset's saved edit; `.unadjusted` and `.original` its
  /// original file.
  public var version: PHImageRequestOptionsVersion = .current
  /// The part of the image to return, in unit coordinates from the upper left corner
  /// (`.zero`, the default, for all of it); applied with `resizeMode = .exact` only, as
  /// PhotoKit documents.
  public var normalizedCropRect: CGRect = .zero
  /// Whether an asset in iCloud only (`photogate cloud offload`) may be downloaded for a
  /// result larger than the small version the device keeps; without it such a request gets
  /// that version, degraded, or nil with `networkAccessRequired`.
  public var isNetworkAccessAllowed = false
  /// Called while an asset downloads from iCloud, on a serial background queue, with
  /// increasing progress from 0 to 1 (and the error when the download fails); set `stop` to
  /// cancel the request. Never called for a local asset, as on a device.
  public var progressHandler: PHAssetImageProgressHandler?
  /// Whether opportunistic delivery may send a second, better degraded image before the
  /// final one. An allowance, not a demand: one degraded image is ever sent here. Mirrors
  /// `allowSecondaryDegradedImage`.
  public var allowSecondaryDegradedImage = false

  public override init() { super.init() }

  /// An independent copy (NSCopying).
  public func copy(with zone: NSZone? = nil) -> Any {
    let copy = PHImageRequestOptions()
    copy.allowSecondaryDegradedImage = allowSecondaryDegradedImage
    copy.isSynchronous = isSynchronous
    copy.deliveryMode = deliveryMode
    copy.resizeMode = resizeMode
    copy.version = version
    copy.normalizedCropRect = normalizedCropRect
    copy.isNetworkAccessAllowed = isNetworkAccessAllowed
    copy.progressHandler = progressHandler
    return copy
  }
}

/// Mirrors `PHImageRequestOptionsDeliveryMode`, raw values included.
public enum PHImageRequestOptionsDeliveryMode: Int, Sendable, Equatable {
  case opportunistic = 0
  case highQualityFormat = 1
  case fastFormat = 2
}

/// Mirrors `PHImageRequestOptionsResizeMode`, raw values included.
public enum PHImageRequestOptionsResizeMode: Int, Sendable, Equatable {
  /// The full image.
  case none = 0
  /// The decoder's shrink-on-load size: the target size or a little larger.
  case fast = 1
  /// Exactly the target size (fitting or covering it, aspect kept).
  case exact = 2
}

/// Mirrors `PHImageRequestOptionsVersion`, raw values included; a folder has only originals.
public enum PHImageRequestOptionsVersion: Int, Sendable, Equatable {
  case current = 0
  case unadjusted = 1
  case original = 2
}
