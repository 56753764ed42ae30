import Foundation

/// The time an iCloud download takes passes on one of these: the wall clock in the gallery and
/// in apps, a ``VirtualCloudClock`` in tests, so that a test of a slow download never sleeps.
public protocol CloudClock: Sendable {
  /// Time since the clock started.
  var now: Duration { get }
  /// Waits `duration` (blocking the calling thread; downloads run on background queues).
  func sleep(for duration: Duration)
}

/// The wall clock: waits really pass.
public struct SystemCloudClock: CloudClock {
  private let start = ContinuousClock.now

  public init() {}

  public var now: Duration { ContinuousClock.now - start }

  public func sleep(for duration: Duration) {
    guard duration > .zero else { return }
    let (seconds, attoseconds) = duration.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
  }
}

/// A clock whose waits return at once and move its time on by what they waited: a download
/// of 4 MB at 2 MB/s "takes" two seconds of this clock and no time of the test's.
///
/// Sendable by hand (`@unchecked`): the time is touched only under `lock`.
public final class VirtualCloudClock: CloudClock, @unchecked Sendable {
  private let lock = NSLock()
  private var elapsed = Duration.zero

  public init() {}

  public var now: Duration { lock.withLock { elapsed } }

  public func sleep(for duration: Duration) {
    guard duration > .zero else { return }
    lock.withLock { elapsed += duration }
  }
}
