import Foundation

#if canImport(UIKit)
  import UIKit
#endif

/// The limited-library picker (docs/permission-model.md#limited-access), answered by the device's
/// user.
extension PHPhotoLibrary {
  /// Presents the picker when read/write is `limited`; otherwise nothing happens. It opens on
  /// the current selection; Done replaces it (observers are told), Cancel keeps it. Returns at
  /// once; the picker runs on a background queue, as system UI does.
  public func presentLimitedLibraryPicker(from controller: UIViewController) {
    let device = device
    device.queue.async { _ = device.presentLimitedPicker() }
  }

  /// Like `presentLimitedLibraryPicker(from:)`, then calls `completionHandler` on a background
  /// queue with the identifiers the user newly added. Never called when nothing was presented
  /// (read/write is not limited), as on iOS.
  public func presentLimitedLibraryPicker(
    from controller: UIViewController,
    completionHandler: @escaping ([String]) -> Void
  ) {
    let device = device
    let handler = UncheckedSendable(completionHandler)
    device.queue.async {
      if let added = device.presentLimitedPicker() { handler.value(added) }
    }
  }

  /// The `async` form: the newly added identifiers. Where iOS would never return (nothing was
  /// presented), this returns an empty array, so that a test does not hang.
  public func presentLimitedLibraryPicker(from controller: UIViewController) async -> [String] {
    let device = device
    return await withCheckedContinuation { continuation in
      device.queue.async { continuation.resume(returning: device.presentLimitedPicker() ?? []) }
    }
  }
}

extension PhotoKitDevice {
  /// Runs the engine's picker; the newly added ids, or nil when nothing was presented.
  func presentLimitedPicker() -> [String]? {
    do {
      return try session.presentLimitedLibraryPicker()
    } catch {
      handle(error)
      return nil
    }
  }
}
