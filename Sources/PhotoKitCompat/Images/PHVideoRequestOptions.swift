import Foundation

/// Reports the progress of an iCloud video download. Mirrors `PHAssetVideoProgressHandler`.
public typealias PHAssetVideoProgressHandler =
  (Double, (any Error)?, UnsafeMutablePointer<ObjCBool>, [AnyHashable: Any]?) -> Void

/// How a video request delivers. Mirrors `PHVideoRequestOptions`: `.current` is a saved
/// edit's movie, `.original` the original file; every quality is the file itself (a folder
/// keeps no other renditions).
public final class PHVideoRequestOptions: NSObject, @unchecked Sendable {
  public var version: PHVideoRequestOptionsVersion = .current
  public var deliveryMode: PHVideoRequestOptionsDeliveryMode = .automatic
  /// Whether a movie in iCloud only (`photogate cloud offload`) may be downloaded; without it
  /// the request fails with `networkAccessRequired`.
  public var isNetworkAccessAllowed = false
  /// Called while a movie downloads from iCloud, on a serial background queue, with
  /// increasing progress (and the error when the download fails); set `stop` to cancel.
  public var progressHandler: PHAssetVideoProgressHandler?

  public override init() { super.init() }
}

/// Mirrors `PHVideoRequestOptionsVersion`, raw values included.
public enum PHVideoRequestOptionsVersion: Int, Sendable, Equatable {
  case current = 0
  case original = 1
}

/// Mirrors `PHVideoRequestOptionsDeliveryMode`, raw values included.
public enum PHVideoRequestOptionsDeliveryMode: Int, Sendable, Equatable {
  case automatic = 0
  case highQualityFormat = 1
  case mediumQualityFormat = 2
  case fastFormat = 3
}
