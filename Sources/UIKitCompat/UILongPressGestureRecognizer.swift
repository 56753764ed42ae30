import Foundation

#if !canImport(UIKit)
  /// A press held in place. Mirrors `UILongPressGestureRecognizer`: it begins once a touch has
  /// lasted `minimumPressDuration`, and ends when the finger lifts.
  open class UILongPressGestureRecognizer: UIGestureRecognizer, @unchecked Sendable {
    /// How long the finger must stay down, in seconds (0.5, as UIKit's).
    open var minimumPressDuration: TimeInterval = 0.5

    /// A finger held on the view with `touch` for `duration` seconds (not UIKit API: the
    /// system delivers touches there). Long enough, and enabled, the gesture begins; shorter,
    /// it fails.
    open func press(_ touch: UITouch, for duration: TimeInterval) {
      guard isEnabled, state == .possible else { return }
      move(to: duration >= minimumPressDuration ? .began : .failed, touch: touch)
    }

    /// The finger lifts: a gesture that began ends.
    open func lift() {
      guard state == .began || state == .changed else { return }
      move(to: .ended)
    }
  }
#endif
