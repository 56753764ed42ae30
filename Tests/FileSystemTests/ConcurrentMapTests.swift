import FileSystem
import Foundation
import Synchronization
import Testing

/// Work spread over the cores gives what a plain `map` gives, in order; a map begun in the
/// background returns before its work is done, and is never freed under a thread still at it.
@Suite struct ConcurrentMapTests {
  static let counts = [0, 1, 15, 16, 17, 1000]

  @Test(arguments: counts)
  func everyFormGivesThePlainMapInOrder(count: Int) {
    let elements = Array(0..<count)
    let expected = elements.map { $0 * 3 + 1 }
    #expect(ConcurrentMap.map(elements) { $0 * 3 + 1 } == expected)
    #expect(ConcurrentMap.mapInRuns(elements, minimumRun: 4) { $0 * 3 + 1 } == expected)
    #expect(ConcurrentMap.start(elements) { $0 * 3 + 1 }.wait() == expected)
  }

  @Test func aMapBegunInTheBackgroundReturnsBeforeItsWorkIsDone() {
    let gate = DispatchSemaphore(value: 0)
    let count = ConcurrentMap.serialThreshold
    // Each element waits for the gate, opened only once `start` has returned: a `start` that
    // did the work itself would see every wait time out (in 2 s each, so such a failure is
    // still over in well under a minute).
    let pending = ConcurrentMap.start(Array(0..<count)) { element in
      gate.wait(timeout: .now() + 2) == .success ? element : -1
    }
    for _ in 0..<count { gate.signal() }
    #expect(pending.wait() == Array(0..<count))
  }

  @Test func aMapDroppedWithoutWaitingIsWaitedFor() {
    let done = Atomic(0)
    do {
      _ = ConcurrentMap.start(Array(0..<256)) { element in
        usleep(100)
        done.add(1, ordering: .relaxed)
        return element
      }
    }
    #expect(done.load(ordering: .relaxed) == 256)
  }
}
