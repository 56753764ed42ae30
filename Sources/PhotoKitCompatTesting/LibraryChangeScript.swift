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
    // The engine's notices, in the order the device delivers them as `PHChange`s (one serial
    // queue), so that the transaction's own notice is told from others (a selection changed
    // meanwhile); the probe, registered last, is called after every observer registered
    // before it.
    let notices = NoticeLog<PhotoLibraryChange>()
    let logID = device.session.register { notices.append($0) }
    defer { device.session.unregister(logID) }
    let probe = NoticeProbe()
    PHPhotoLibrary.shared().register(probe)
    defer { PHPhotoLibrary.shared().unregisterChangeObserver(probe) }
    let (firstNotice, firstCall) = (notices.count, probe.calls.count)
    var searchFrom = firstNotice
    try await plan.apply(afterAction: afterAction) { planned in
      let access = try device.session.access()
      let change = planned.change
      let visible = Set((change.inserted + change.removed + change.changed).filter(access.canRead))
      guard !visible.isEmpty else { return }
      let from = searchFrom
      let index = try await notices.wait(timeout: timeout, after: planned.title) { all in
        all.indices.dropFirst(from).first { index in
          if case .assetsChanged(let ids) = all[index] { return !visible.isDisjoint(with: ids) }
          return false
        }
      }
      searchFrom = index + 1
      _ = try await probe.calls.wait(timeout: timeout, after: planned.title) { calls in
        calls.count >= firstCall + (index - firstNotice) + 1 ? calls.count : nil
      }
    }
    return plan.transactions
  }
}

/// The observer that tells ``LibraryChangeScript`` when a notice has gone round.
final class NoticeProbe: NSObject, PHPhotoLibraryChangeObserver, Sendable {
  let calls = NoticeLog<Void>()

  func photoLibraryDidChange(_ changeInstance: PHChange) { calls.append(()) }
}

/// Values appended from other threads, and waits (without polling) until they say something.
final class NoticeLog<Value: Sendable>: Sendable {
  private struct State {
    var values: [Value] = []
    var waiters: [Waiter] = []
    /// A wait timed out: later waits end at once.
    var expired = false
  }

  private struct Waiter {
    var condition: @Sendable ([Value]) -> Int?
    var continuation: CheckedContinuation<Int?, Never>
  }

  private let state = Mutex(State())

  var count: Int { state.withLock { $0.values.count } }

  func append(_ value: Value) {
    let ready = state.withLock { state in
      state.values.append(value)
      var ready: [(CheckedContinuation<Int?, Never>, Int)] = []
      state.waiters.removeAll { waiter in
        guard let answer = waiter.condition(state.values) else { return false }
        ready.append((waiter.continuation, answer))
        return true
      }
      return ready
    }
    for (continuation, answer) in ready { continuation.resume(returning: answer) }
  }

  /// Returns what `condition` says once it says something, or throws after `timeout`.
  func wait(
    timeout: Duration, after title: String, until condition: @escaping @Sendable ([Value]) -> Int?
  ) async throws -> Int {
    let answer = await withTaskGroup(of: Int?.self) { group in
      group.addTask {
        await withCheckedContinuation { continuation in
          let now = self.state.withLock { state -> Int?? in
            if let answer = condition(state.values) { return .some(answer) }
            if state.expired { return .some(nil) }
            state.waiters.append(Waiter(condition: condition, continuation: continuation))
            return .none
          }
          if let now { continuation.resume(returning: now) }
        }
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      if first == nil { self.expire() }
      return first
    }
    guard let answer else {
      throw ChangeScriptError(
        source: "LibraryChangeScript", line: 0,
        reason: "no change notice reached the observers within \(timeout) after \(title)")
    }
    return answer
  }

  /// Releases every waiter (a wait timed out) with no answer.
  private func expire() {
    let waiters = state.withLock { state in
      defer {
        state.waiters = []
        state.expired = true
      }
      return state.waiters
    }
    for waiter in waiters { waiter.continuation.resume(returning: nil) }
  }
}
