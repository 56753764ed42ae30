import Dispatch
import Foundation

/// Calls a request's progress handler while an asset downloads from iCloud, as PhotoKit does:
/// on a serial background queue of its own (never the main queue), with increasing values from
/// 0 to 1, and once more with the error when the download fails. Setting the handler's `stop`
/// flag, or cancelling the request, stops the download.
struct CloudProgressReporter: @unchecked Sendable {
  /// `PHAssetImageProgressHandler` or `PHAssetVideoProgressHandler` (the same signature).
  private let handler: PHAssetImageProgressHandler?
  /// `PHAssetResourceProgressHandler` and the content editing input's handler: no error.
  private let plainHandler: ((Double, UnsafeMutablePointer<ObjCBool>) -> Void)?
  private let request: ImageRequest?
  private let isCancelled: @Sendable () -> Bool
  private let queue = DispatchQueue(label: "PhotoKitCompat.cloud-progress")

  /// Reports to a handler with an error and an info dictionary (images, image data, video).
  init(_ handler: PHAssetImageProgressHandler?, request: ImageRequest) {
    self.handler = handler
    plainHandler = nil
    self.request = request
    isCancelled = { request.isCancelled }
  }

  /// Reports to a handler of progress and a stop flag only (resources, editing input).
  init(
    plain handler: ((Double, UnsafeMutablePointer<ObjCBool>) -> Void)?,
    isCancelled: @escaping @Sendable () -> Bool
  ) {
    self.handler = nil
    plainHandler = handler
    request = nil
    self.isCancelled = isCancelled
  }

  /// The info a progress call gets.
  private var info: [AnyHashable: Any] {
    guard let request else { return [:] }
    return [
      PHImageResultRequestIDKey: NSNumber(value: request.id),
      PHImageResultIsInCloudKey: NSNumber(value: true),
    ]
  }

  /// Reports `value`; false when the download should stop.
  func report(_ value: Double) -> Bool {
    if isCancelled() { return false }
    var stop = ObjCBool(false)
    queue.sync {
      withUnsafeMutablePointer(to: &stop) { flag in
        handler?(value, nil, flag, info)
        plainHandler?(value, flag)
      }
    }
    if stop.boolValue {
      request?.cancel()
      return false
    }
    return !isCancelled()
  }

  /// Reports the failure that ended the download at `value`.
  func reportFailure(_ value: Double, _ error: any Error) {
    guard let handler else { return }
    var stop = ObjCBool(false)
    queue.sync {
      withUnsafeMutablePointer(to: &stop) { handler(value, error, $0, info) }
    }
  }
}

extension PhotoKitDevice {
  /// For a request of an asset's full version: nil when the asset `id` is local (the request
  /// reads it as usual); else how fetching it from iCloud ended, progress going to `reporter`.
  func fetchIfOffloaded(
    id: String, networkAllowed: Bool, reporter: CloudProgressReporter
  ) -> CloudFetch? {
    guard let asset = offloadedAsset(id: id) else { return nil }
    return fetchFromCloud(
      asset, networkAllowed: networkAllowed, progress: reporter.report,
      failed: reporter.reportFailure)
  }
}
