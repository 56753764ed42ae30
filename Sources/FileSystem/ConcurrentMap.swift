import Foundation

/// `map` spread over threads with `DispatchQueue.concurrentPerform`, keeping the input order.
package enum ConcurrentMap {
  /// Below this many elements the work runs on the calling thread.
  package static let serialThreshold = 16

  package static func map<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    if elements.count < serialThreshold { return elements.map(transform) }
    return spread(elements, runs: elements.count, transform)
  }

  /// ``map(_:_:)`` for cheap work (a `statx` per element): one run of consecutive elements per
  /// core, each at least `minimumRun` long (else on the calling thread), so that the cost of
  /// handing work to a thread is paid per run, not per element.
  package static func mapInRuns<Element: Sendable, Result: Sendable>(
    _ elements: [Element], minimumRun: Int, _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    let runs = min(ProcessInfo.processInfo.activeProcessorCount, elements.count / minimumRun)
    if runs <= 1 { return elements.map(transform) }
    return spread(elements, runs: runs, transform)
  }

  /// `transform` of every element, in `runs` runs of consecutive elements run concurrently.
  private static func spread<Element: Sendable, Result: Sendable>(
    _ elements: [Element], runs: Int, _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: elements.count)
    results.initialize(repeating: nil)
    defer {
      _ = results.deinitialize()
      results.deallocate()
    }
    nonisolated(unsafe) let slots = results
    let length = (elements.count + runs - 1) / runs
    // Each run writes its own indices, so the writes never overlap.
    DispatchQueue.concurrentPerform(iterations: runs) { run in
      for index in run * length..<min((run + 1) * length, elements.count) {
        slots[index] = transform(elements[index])
      }
    }
    return results.map { $0! }
  }
}
