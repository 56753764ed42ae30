import Foundation

/// A thread-safe queue of ``GalleryEvent``s: the input thread, the signal handlers and the
/// thumbnail loader post; the gallery loop waits and takes everything that has arrived, so a
/// burst (many thumbnails) is drawn in one frame.
///
/// Sendable by hand (`@unchecked`): the queued events are touched only while `condition` is locked.
public final class EventQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var events: [GalleryEvent] = []

  public init() {}

  /// Adds `event` and wakes the loop.
  public func post(_ event: GalleryEvent) {
    condition.lock()
    events.append(event)
    condition.signal()
    condition.unlock()
  }

  /// Every event posted so far, waiting until there is at least one (or until `deadline`,
  /// when given: then possibly none).
  public func takeAll(until deadline: Date? = nil) -> [GalleryEvent] {
    condition.lock()
    defer { condition.unlock() }
    while events.isEmpty {
      if let deadline {
        if !condition.wait(until: deadline) { break }
      } else {
        condition.wait()
      }
    }
    defer { events.removeAll() }
    return events
  }
}
