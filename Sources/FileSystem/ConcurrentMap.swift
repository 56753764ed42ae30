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

  /// ``map(_:_:)`` begun on the pool's threads, returning at once: the caller goes on with
  /// other work (the last batch's results, say) and takes these with ``Pending/wait()``.
  package static func start<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ transform: @escaping @Sendable (Element) -> Result
  ) -> Pending<Result> {
    let pending = Pending<Result>(count: elements.count)
    nonisolated(unsafe) let slots = pending.results
    if elements.count < serialThreshold {
      for index in elements.indices { slots[index] = transform(elements[index]) }
      return pending
    }
    DispatchQueue.global().async(group: pending.group) {
      // Each iteration writes its own index, so the writes never overlap.
      DispatchQueue.concurrentPerform(iterations: elements.count) { index in
        slots[index] = transform(elements[index])
      }
    }
    return pending
  }

  /// The results of a ``start(_:_:)`` still running.
  ///
  /// Sendable by hand (`@unchecked`): the results are written by the pool's threads before
  /// the group leaves, and read only after ``wait()`` has waited for it.
  package final class Pending<Result: Sendable>: @unchecked Sendable {
    fileprivate let results: UnsafeMutableBufferPointer<Result?>
    fileprivate let group = DispatchGroup()

    fileprivate init(count: Int) {
      results = .allocate(capacity: count)
      results.initialize(repeating: nil)
    }

    /// Waits until every element is done; the results, in the elements' order.
    package func wait() -> [Result] {
      group.wait()
      return results.map { $0! }
    }

    deinit {
      // Never freed under a thread still writing (a caller that stopped before waiting).
      group.wait()
      _ = results.deinitialize()
      results.deallocate()
    }
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
