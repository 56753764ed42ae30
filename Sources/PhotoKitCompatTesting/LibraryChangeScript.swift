import Foundation
import PhotoKitCompat
import PhotoLibrary
import Synchronization

/// Library changes made by "another app" during a test of PhotoKit code: a script of
/// transactions (the `photogate changes` format, or built in code) applied to the library
/// folder of the current ``PhotoKitCompat/PhotoKitDevice``, each reaching the registered
/// `PHPhotoLibraryChangeObserver`s as one `PHChange`, as another app's `performChanges` block
/// does on a device.
///
/// ```swift
/// var script = LibraryChangeScript()
/// script.transaction(.insert(photo, into: "Trips"), .favorite("a.jpg"))
/// try await script.apply()   // returns once the observers have been called
/// ```
///
/// Works under `.isolatedPhotoKitDevice`: the device must have a folder library
/// (`PhotoKitDevice.install(library:stateDirectory:…)`; favourites need a state folder).
public struct LibraryChangeScript: Sendable {
  /// The script.
  public var script: ChangeScript

  /// An empty script: add transactions with ``transaction(_:_:)``.
  public init() { script = ChangeScript(source: "LibraryChangeScript") }

  /// A script in the `photogate changes` format; relative FILE paths are taken from
  /// `baseDirectory`. Throws ``PhotoLibrary/ChangeScriptError`` naming the line.
  public init(_ text: String, baseDirectory: URL, name: String = "LibraryChangeScript") throws {
    script = try ChangeScript.parse(text, file: name, baseDirectory: baseDirectory)
  }

  /// Adds one transaction of `operations`.
  public mutating func transaction(_ operations: ChangeOperation..., name: String? = nil) {
    script.steps.append(.transaction(Transaction(name: name, operations: operations)))
  }

  /// Adds a pause before the next transaction.
  public mutating func wait(_ duration: Duration) {
    script.steps.append(.wait(duration, line: 0))
  }

  /// Checks the script against the current device's library: the plan, which changes nothing
  /// (what each transaction inserts, removes and changes).
  public func plan() throws -> ChangeScriptPlan {
    guard let library = PhotoKitDevice.current.session.backend as? FolderLibrary else {
      throw ChangeScriptError(
        source: script.source, line: 0,
        reason: "the current PhotoKitDevice has no library folder (install it with library:)")
    }
    return try ChangeScriptPlan(script, library: library)
  }

  /// Applies the script to the current device's library folder and returns once every
  /// observer registered on the device has been called for each transaction it may see (a
  /// transaction that changes nothing the app can read reaches no observer, as on iOS), or
  /// throws when one is not called within `timeout`. `afterAction` runs in the middle of each
  /// transaction (see ``PhotoLibrary/ChangeScriptPlan/apply(waiting:afterAction:afterTransaction:)``).
  @discardableResult
  public func apply(
    timeout: Duration = .seconds(10),
    afterAction: (PlannedTransaction, Int) -> Void = { _, _ in }
  ) async throws -> [PlannedTransaction] {
    let plan = try plan()
    let device = PhotoKitDevice.current
    let probe = NoticeProbe()
    // Registered last, the probe is called after every observer registered before it.
    PHPhotoLibrary.shared().register(probe)
    defer { PHPhotoLibrary.shared().unregisterChangeObserver(probe) }
    var expected = 0
    try await plan.apply(afterAction: afterAction) { planned in
      let access = try device.session.access()
      let visible = planned.change.inserted + planned.change.removed + planned.change.changed
      guard visible.contains(where: access.canRead) else { return }
      expected += 1
      try await probe.wait(forCount: expected, timeout: timeout, after: planned.title)
    }
    return plan.transactions
  }
}

/// The observer that tells ``LibraryChangeScript`` when a notice has gone round.
final class NoticeProbe: NSObject, PHPhotoLibraryChangeObserver, Sendable {
  private struct State {
    var count = 0
    /// A wait timed out: waiters are released at once.
    var expired = false
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }
  private let state = Mutex(State())

  func photoLibraryDidChange(_ changeInstance: PHChange) {
    let ready = state.withLock { state in
      state.count += 1
      let count = state.count
      let ready = state.waiters.filter { $0.count <= count }
      state.waiters.removeAll { $0.count <= count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once `count` notices have come, or throws after `timeout`.
  func wait(forCount count: Int, timeout: Duration, after title: String) async throws {
    try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        await withCheckedContinuation { continuation in
          let done = self.state.withLock { state in
            if state.count >= count || state.expired { return true }
            state.waiters.append((count, continuation))
            return false
          }
          if done { continuation.resume() }
        }
        return true
      }
      group.addTask {
        try await Task.sleep(for: timeout)
        return false
      }
      let first = try await group.next() ?? false
      group.cancelAll()
      if !first {
        // Release the waiting child so that the group can end.
        photoLibraryDidChangeNever()
        throw ChangeScriptError(
          source: "LibraryChangeScript", line: 0,
          reason: "no change notice reached the observers within \(timeout) after \(title)")
      }
    }
  }

  /// Resumes every waiter (after a timeout).
  private func photoLibraryDidChangeNever() {
    let waiters = state.withLock { state in
      defer {
        state.waiters = []
        state.expired = true
      }
      return state.waiters
    }
    for waiter in waiters { waiter.continuation.resume() }
  }
}
