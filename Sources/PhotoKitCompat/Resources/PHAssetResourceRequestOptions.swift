import Foundation

/// The identifier of a resource data request. Mirrors `PHAssetResourceDataRequestID`.
public typealias PHAssetResourceDataRequestID = Int32

/// Reports download progress from 0 to 1. Mirrors `PHAssetResourceProgressHandler`.
public typealias PHAssetResourceProgressHandler = (Double) -> Void

/// Options for reading a resource's file. Mirrors `PHAssetResourceRequestOptions`.
public final class PHAssetResourceRequestOptions: NSObject, @unchecked Sendable {
  /// Whether an asset in iCloud only (`photogate cloud offload`) may be downloaded; without it
  /// the request fails with `networkAccessRequired`.
  public var isNetworkAccessAllowed = false
  /// Called while the asset downloads from iCloud, on a serial background queue, with
  /// increasing progress from 0 to 1; never for a file on the device.
  public var progressHandler: PHAssetResourceProgressHandler?

  public override init() { super.init() }
}
