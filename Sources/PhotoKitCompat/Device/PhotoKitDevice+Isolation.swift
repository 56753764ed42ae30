/// A device per test: tests that run in parallel (Swift Testing's default) each install their
/// own device, library, stored state and scripted user, while app code keeps calling
/// `PHPhotoLibrary.shared()` and the class methods unchanged.
///
/// In the spirit of swift-dependencies' `withDependencies`: the device lives in a task-local
/// slot, so it follows the test's task and the child tasks and `async` calls it makes.
/// PhotoKitCompat's own callbacks run on the device that was current when the call was made.
/// Code that calls PhotoKit again from a callback on a queue of its own (a `DispatchQueue`
/// block it dispatched itself) runs outside the scope and sees the process-wide device.
extension PhotoKitDevice {
  /// The slot of the innermost ``withIsolatedDevice(_:)`` scope, if any.
  @TaskLocal static var isolatedSlot: IsolatedDeviceSlot?

  /// Runs `body` with a device slot of its own: ``install(_:)`` (and every
  /// `install(ios:…)`), ``uninstall()`` and ``relaunch()`` inside it change only this scope's
  /// device, and ``current`` is that device (the empty fallback until one is installed).
  public static func withIsolatedDevice<T>(_ body: () throws -> T) rethrows -> T {
    try $isolatedSlot.withValue(IsolatedDeviceSlot()) { try body() }
  }

  /// ``withIsolatedDevice(_:)`` for `async` code (a Swift Testing test, say).
  public static func withIsolatedDevice<T>(
    _ body: () async throws -> T, isolation: isolated (any Actor)? = #isolation
  ) async rethrows -> T {
    try await $isolatedSlot.withValue(IsolatedDeviceSlot()) { try await body() }
  }

  /// Whether the calling code runs inside a ``withIsolatedDevice(_:)`` scope.
  public static var isIsolated: Bool { isolatedSlot != nil }
}

/// The device of one ``PhotoKitDevice/withIsolatedDevice(_:)`` scope.
final class IsolatedDeviceSlot: Sendable {
  let device = LockedBox<PhotoKitDevice?>(nil)
}
