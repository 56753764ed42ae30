import Foundation

/// One image or data request in flight: its id and whether it was cancelled, shared by the
/// loading queue and the main queue that delivers.
final class ImageRequest: Sendable {
  let id: PHImageRequestID
  private let state = LockedBox(State())

  private struct State {
    var cancelled = false
    var cancellationDelivered = false
    var finished = false
  }

  init(id: PHImageRequestID) { self.id = id }

  /// Marks the request cancelled (no effect once it finished).
  func cancel() { state.withLock { $0.cancelled = true } }

  /// Whether the request was cancelled (a download in flight stops).
  var isCancelled: Bool { state.withLock { $0.cancelled } }

  /// Whether a result may be delivered now (not cancelled, not finished); `last` finishes it.
  func takeDelivery(last: Bool) -> Bool {
    state.withLock { state in
      guard !state.cancelled, !state.finished else { return false }
      if last { state.finished = true }
      return true
    }
  }

  /// Whether the cancellation result is due now (once per cancelled request).
  func takeCancellation() -> Bool {
    state.withLock { state in
      guard state.cancelled, !state.cancellationDelivered, !state.finished else { return false }
      state.cancellationDelivered = true
      state.finished = true
      return true
    }
  }

  /// The info dictionary of a result, with PhotoKit's keys (`inCloud`: the asset's full
  /// version is in iCloud only, and this result is not it).
  func info(_ error: PHPhotosError?, _ degraded: Bool, inCloud: Bool = false) -> [AnyHashable: Any]
  {
    var info: [AnyHashable: Any] = [
      PHImageResultRequestIDKey: NSNumber(value: id),
      PHImageResultIsDegradedKey: NSNumber(value: degraded),
      PHImageResultIsInCloudKey: NSNumber(value: inCloud),
    ]
    if let error { info[PHImageErrorKey] = error }
    return info
  }

  /// The info dictionary of the result that tells of a cancellation.
  var cancelledInfo: [AnyHashable: Any] {
    [PHImageResultRequestIDKey: NSNumber(value: id), PHImageCancelledKey: NSNumber(value: true)]
  }
}
