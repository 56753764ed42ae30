import Foundation

/// Values that callbacks on other threads append to while a test reads them: a lock-protected
/// array with a bounded wait, for the handlers, observers and completions that PhotoKit (and
/// PhotoKitCompat) calls on background queues.
public final class Recorder<Element>: @unchecked Sendable {
  private let lock = NSLock()
  private var elements: [Element] = []

  public init() {}

  /// Records one value (from any thread).
  public func append(_ element: Element) { lock.withLock { elements.append(element) } }
  /// Everything recorded so far, in order.
  public var all: [Element] { lock.withLock { elements } }
  /// How many values were recorded.
  public var count: Int { all.count }

  /// Waits (a generous bound, about five seconds, never a measured time) until `condition`
  /// holds; throws ``Timeout`` with what was recorded when it never does.
  public func wait(until condition: @Sendable ([Element]) -> Bool) async throws {
    for _ in 0..<1000 {
      if condition(all) { return }
      try await Task.sleep(for: .milliseconds(5))
    }
    throw Timeout(recorded: "\(all)")
  }

  /// The condition of ``wait(until:)`` never held.
  public struct Timeout: Error, CustomStringConvertible {
    /// What had been recorded.
    public var recorded: String
    public var description: String { "the condition never held; recorded \(recorded)" }
  }
}
