import Foundation

/// A value shared between threads, read and changed only under a lock.
final class LockedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  /// Runs `body` on the value under the lock.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&value) }
  }

  /// A copy of the value.
  var current: Value { withLock { $0 } }
}

/// Carries a value that is not `Sendable` (a user's completion handler, a PhotoKit object) to
/// the queue that calls it back, as PhotoKit's Objective-C blocks are carried on iOS.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
