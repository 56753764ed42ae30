import Foundation

/// `map` spread over threads with `DispatchQueue.concurrentPerform`, keeping the input order.
enum ConcurrentMap {
  /// Below this many elements the work runs on the calling thread.
  static let serialThreshold = 16

  static func map<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    if elements.count < serialThreshold { return elements.map(transform) }
    let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: elements.count)
    results.initialize(repeating: nil)
    defer {
      _ = results.deinitialize()
      results.deallocate()
    }
    nonisolated(unsafe) let slots = results
    // Each index is written by exactly one iteration, so the writes never overlap.
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
      slots[index] = transform(elements[index])
    }
    return results.map { $0! }
  }
}
