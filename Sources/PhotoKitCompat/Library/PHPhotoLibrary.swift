import Foundation
import PhotoLibrary

/// The shared photo library: authorization, change observers, changes and the limited picker.
/// Mirrors `PHPhotoLibrary`.
///
/// Every call goes to the installed `PhotoKitDevice` (its `PhotoLibrarySession` decides);
/// handlers and observers are called on a background queue, never the main thread, as on iOS.
public final class PHPhotoLibrary: NSObject, @unchecked Sendable {
  private static let sharedLibrary = PHPhotoLibrary()

  override private init() { super.init() }

  /// The app's shared photo library object.
  public class func shared() -> PHPhotoLibrary { sharedLibrary }

  var device: PhotoKitDevice { PhotoKitDevice.current }
}

// MARK: Authorization

extension PHPhotoLibrary {
  /// The deprecated read/write status: `limited` reads as `authorized` (the only status on
  /// iOS 13).
  public class func authorizationStatus() -> PHAuthorizationStatus {
    status { try $0.authorizationStatus() }
  }

  /// The status for `accessLevel` (iOS 14+): add-only reports `limited` too while read/write
  /// is limited, as measured on iOS 14.2.1.
  public class func authorizationStatus(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus {
    status { try $0.authorizationStatus(for: accessLevel.level) }
  }

  /// The deprecated request: asks for read/write and reports `limited` as `authorized`.
  /// `handler` runs on a background queue after any prompt (and limited picker) closed.
  public class func requestAuthorization(_ handler: @escaping (PHAuthorizationStatus) -> Void) {
    request(.legacy, handler: handler)
  }

  /// Shows a prompt only when `accessLevel` is not determined, then calls `handler` on a
  /// background queue with the status. A prompt nobody answers stays up: `handler` is never
  /// called. A missing usage description terminates the app (the termination handler).
  public class func requestAuthorization(
    for accessLevel: PHAccessLevel, handler: @escaping (PHAuthorizationStatus) -> Void
  ) {
    request(accessLevel.request, handler: handler)
  }

  /// The `async` form of `requestAuthorization(for:handler:)`.
  ///
  /// Where a device would never return (the app was terminated, the prompt stays up), this
  /// returns the status as it stands, so that a test does not hang.
  public class func requestAuthorization(for accessLevel: PHAccessLevel) async
    -> PHAuthorizationStatus
  {
    let device = PhotoKitDevice.current
    return await withCheckedContinuation { continuation in
      device.queue.async {
        let status =
          device.request(accessLevel.request)
          ?? status(device) { try $0.authorizationStatus(for: accessLevel.level) }
        continuation.resume(returning: status)
      }
    }
  }

  private class func request(
    _ request: AuthorizationRequest, handler: @escaping (PHAuthorizationStatus) -> Void
  ) {
    let device = PhotoKitDevice.current
    let handler = UncheckedSendable(handler)
    device.queue.async {
      if let status = device.request(request) { handler.value(status) }
    }
  }

  /// A status read from the engine; a store that cannot be read is reported and reads as
  /// `denied` (never as granted).
  private class func status(
    _ device: PhotoKitDevice = .current,
    _ read: (PhotoLibrarySession) throws -> AuthorizationStatus
  ) -> PHAuthorizationStatus {
    do {
      return PHAuthorizationStatus(try read(device.session))
    } catch {
      device.report(error)
      return .denied
    }
  }
}

extension PhotoKitDevice {
  /// Runs one request to its end; nil when the handler would never be called.
  func request(_ request: AuthorizationRequest) -> PHAuthorizationStatus? {
    do {
      return PHAuthorizationStatus(try session.requestAuthorization(request).status)
    } catch {
      handle(error)
      return nil
    }
  }
}
