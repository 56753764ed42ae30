import Dispatch
import Foundation
import PhotoLibrary

/// The simulated iPhone that `PHPhotoLibrary.shared()` and every other PhotoKitCompat call
/// run on: one launch of one app, with its iOS version, Info.plist, stored decisions,
/// library folder and the user who answers prompts.
///
/// An adapter over the library's ``PhotoLibrary/SimulatedPhone``, the one owner of the launch:
/// the phone holds the session, observes the library folder (so that fetches and lookups
/// reuse one listing until a change is heard, as Photos' database always knows its library),
/// hears the store, and keeps what the launch created (albums created empty, placeholders'
/// ids, whether iOS terminated it). The device keeps only PhotoKit's side: the change
/// observers the phone's notices are delivered to (one `PHChange` per notice), the callback
/// queues, the handlers and the ``PhotoKitUser``.
///
/// Install one with `PhotoKitDevice.install(…)` (one line in a test); `relaunch()` starts the
/// next launch of the same app (the automatic limited alert may show again, change observers
/// and albums created empty are gone). The configuration is global, as
/// `PHPhotoLibrary.shared()` is, and thread-safe. Without an installed device, calls run on an
/// empty library that nobody answers prompts on.
public final class PhotoKitDevice: Sendable {
  /// The phone this launch runs on.
  public let phone: SimulatedPhone
  /// The person answering prompts, pickers and alerts.
  public let user: PhotoKitUser

  /// PhotoKit's callbacks run here: never the main thread, as on iOS.
  let queue = DispatchQueue(label: "PhotoKitCompat.callbacks", attributes: .concurrent)
  /// `performChanges` blocks run here one at a time, as on PhotoKit's change queue.
  let changeQueue = DispatchQueue(label: "PhotoKitCompat.changes")
  let terminationHandler: LockedBox<@Sendable (AppTermination) -> Void>
  let errorHandler: LockedBox<@Sendable (any Error) -> Void>
  let state = LockedBox(DeviceState())
  /// Downloads assets that are in iCloud only (its clock: ``useCloudClock(_:)``).
  let cloudDownloader = LockedBox(CloudDownloader())
  /// The library's iCloud state as last read, read again when its file changed.
  let cloudStateCache = CloudStateCache()

  /// A device over `session`, answered by `user`: build the session with
  /// `responder: user.responder`, so that what the user is shown is recorded (`install` does).
  public convenience init(
    session: PhotoLibrarySession, user: PhotoKitUser,
    onTermination: @escaping @Sendable (AppTermination) -> Void =
      PhotoKitDevice.defaultTerminationHandler
  ) {
    let path = (session.backend as? FolderLibrary)?.root.path ?? "(in memory)"
    self.init(
      phone: SimulatedPhone(launching: session, libraryPath: path), user: user,
      onTermination: onTermination)
  }

  /// A device over the launch `phone` (whose session was built with `responder:
  /// user.responder`): observes its library folder from now on; the engine's and the store's
  /// notices are heard from the first change observer on.
  init(
    phone: SimulatedPhone, user: PhotoKitUser,
    onTermination: @escaping @Sendable (AppTermination) -> Void
  ) {
    self.phone = phone
    self.user = user
    terminationHandler = LockedBox(onTermination)
    errorHandler = LockedBox(Self.defaultErrorHandler)
    phone.observeLibrary(scanInBackground: false, notifyingSession: true) { [weak self] event in
      self?.hear(event)
    }
  }

  /// The engine: every status, prompt, filter and refusal comes from it (the phone's session).
  public var session: PhotoLibrarySession { phone.session }

  // MARK: The installed device

  private static let installed = LockedBox<PhotoKitDevice?>(nil)
  private static let fallback = PhotoKitDevice(
    session: PhotoLibrarySession(
      bundleID: "com.example.app", ios: .newest, backend: MemoryLibraryBackend(ids: []),
      store: MemoryAuthorizationStore()),
    user: PhotoKitUser())

  private static let fallbackNoted = LockedBox(false)

  /// The device PhotoKitCompat calls run on now (the first use of the empty fallback says so
  /// on stderr: a forgotten `install` would otherwise look like a prompt nobody answers).
  public static var current: PhotoKitDevice {
    if let slot = isolatedSlot { return slot.device.current ?? fallback }
    if let device = installed.current { return device }
    let first = fallbackNoted.withLock { noted in
      defer { noted = true }
      return !noted
    }
    if first {
      fallback.report(
        PhotoKitDeviceError(
          "no PhotoKitDevice is installed: using an empty library where nobody answers prompts "
            + "(call PhotoKitDevice.install(…) first)"))
    }
    return fallback
  }

  /// Makes `device` the one `PHPhotoLibrary.shared()` and the class methods use: in the
  /// current ``withIsolatedDevice(_:)`` scope when there is one (that task's tests only), else
  /// for the whole process.
  public static func install(_ device: PhotoKitDevice) {
    if let slot = isolatedSlot {
      slot.device.withLock { $0 = device }
    } else {
      installed.withLock { $0 = device }
    }
  }

  /// Removes the installed device (calls run on the empty fallback again).
  public static func uninstall() {
    if let slot = isolatedSlot {
      slot.device.withLock { $0 = nil }
      return
    }
    installed.withLock { $0 = nil }
  }

  /// Ends this launch and installs the next one of the same app, on the phone's next launch
  /// (``PhotoLibrary/SimulatedPhone/nextLaunch()``): same stored state, library, Info.plist
  /// and user; fresh per-launch flags and launch record; no change observers (this launch's
  /// hear nothing more).
  @discardableResult
  public func relaunch() -> PhotoKitDevice {
    let next = PhotoKitDevice(
      phone: phone.nextLaunch(), user: user, onTermination: terminationHandler.current)
    next.errorHandler.withLock { $0 = errorHandler.current }
    next.cloudDownloader.withLock { $0 = cloudDownloader.current }
    Self.install(next)
    return next
  }

  // MARK: Termination and errors

  /// What iOS does when it kills the app: logs the console message and the process dies.
  /// Here: the message on stderr and `exit(3)`, the command line's exit code for it.
  public static let defaultTerminationHandler: @Sendable (AppTermination) -> Void = { reason in
    FileHandle.standardError.write(Data((reason.consoleMessage + "\n").utf8))
    exit(3)
  }

  /// Prints errors PhotoKit has no way to return (a damaged state file while reading a status,
  /// a change request made outside `performChanges`) on stderr, naming the cause.
  public static let defaultErrorHandler: @Sendable (any Error) -> Void = { error in
    FileHandle.standardError.write(Data("PhotoKitCompat: \(error)\n".utf8))
  }

  /// Replaces what happens when iOS would terminate the app (tests record it instead).
  public func onTermination(_ handler: @escaping @Sendable (AppTermination) -> Void) {
    terminationHandler.withLock { $0 = handler }
  }

  /// Replaces what happens with errors that PhotoKit cannot return to the caller.
  public func onError(_ handler: @escaping @Sendable (any Error) -> Void) {
    errorHandler.withLock { $0 = handler }
  }

  /// Calls the termination handler for `reason`, once per launch: on a device the process is
  /// gone; here later calls are refused by the engine without calling it again.
  func terminate(_ reason: AppTermination) {
    if phone.launch.terminate() { terminationHandler.current(reason) }
  }

  /// Reports an error the PhotoKit signature cannot carry.
  func report(_ error: any Error) {
    errorHandler.current(error)
  }

  /// Handles an engine error thrown where PhotoKit has no error to return: terminations go to
  /// the termination handler, unanswered prompts stay up silently, the rest are reported.
  func handle(_ error: any Error) {
    switch error {
    case PhotoLibraryError.terminated(let reason): terminate(reason)
    case PhotoLibraryError.promptUnanswered: break
    default: report(error)
    }
  }

  /// Chooses `option` in Settings › App › Photos. A change terminates the app (the
  /// termination handler is called); `relaunch()` is the next open.
  public func chooseInSettings(_ option: SettingsOption) {
    do {
      try session.chooseInSettings(option)
    } catch {
      handle(error)
    }
  }
}

/// PhotoKit's side of one launch: the change observers (the rest of the launch is the
/// phone's ``PhotoLibrary/LaunchRecord``).
struct DeviceState {
  var observers: [WeakChangeObserver] = []
  /// The phone's engine and store notices come to `deliver` (connected at the first
  /// `register`).
  var connectedToEngine = false
}
