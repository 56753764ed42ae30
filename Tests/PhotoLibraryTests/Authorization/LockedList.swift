import Foundation
import Testing

/// A list that threads and callbacks can append to while a test reads it.
final class LockedList<Element: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var elements: [Element]

  init(_ elements: [Element] = []) { self.elements = elements }

  func append(_ element: Element) { lock.withLock { elements.append(element) } }
  var all: [Element] { lock.withLock { elements } }

  /// Removes and returns the first element, or nil when empty.
  func popFirst() -> Element? {
    lock.withLock { elements.isEmpty ? nil : elements.removeFirst() }
  }
}

extension LockedList where Element: Equatable {
  /// Waits (up to a generous bound, never asserted as a time) for `element` to arrive.
  func wait(for element: Element) async throws {
    for _ in 0..<500 {
      if all.contains(element) { return }
      try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("\(element) never arrived; got \(all)")
  }
}

extension LockedList {
  /// Waits (up to a generous bound, never asserted as a time) for `count` elements.
  func waitForCount(_ count: Int) async throws {
    for _ in 0..<500 {
      if all.count >= count { return }
      try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("\(count) elements never arrived; got \(all)")
  }
}
