import Foundation

/// The identifier of a resource data request. Mirrors `PHAssetResourceDataRequestID`.
public typealias PHAssetResourceDataRequestID = Int32

/// Reports download progress from 0 to 1. Mirrors `PHAssetResourceProgressHandler`.
public typealias PHAssetResourceProgressHandler = (Double) -> Void

/// Options for reading a resource's file. Mirrors `PHAssetResourceRequestOptions`.
///
/// Every file is local, so nothing is downloaded: network access changes nothing and the
/// progress handler is never called.
public final class PHAssetResourceRequestOptions: NSObject, @unchecked Sendable {
  /// Kept for source compatibility (the files are in the library folder).
  public var isNetworkAccessAllowed = false
  /// Never called: nothing is downloaded.
  public var progressHandler: PHAssetResourceProgressHandler?

  public override init() { super.init() }
}
