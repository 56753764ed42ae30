import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UIGestureRecognizer`: a state machine over touches, attached to a
  /// view, telling its handlers at each state change. Linux has no touch input: subclasses
  /// take touches from tests (`UILongPressGestureRecognizer.press(_:for:)`), and handlers
  /// (`addHandler(_:)`, not UIKit API) stand in for target–action pairs, as there are no
  /// selectors without the Objective-C runtime.
  open class UIGestureRecognizer: NSObject, @unchecked Sendable {
    /// Mirrors `UIGestureRecognizer.State`, raw values included.
    public enum State: Int, Sendable, Hashable {
      case possible = 0
      case began = 1
      case changed = 2
      case ended = 3
      case cancelled = 4
      case failed = 5
      /// A discrete gesture's recognised state (`ended`).
      public static let recognized = State.ended
    }

    /// Where the gesture is.
    public private(set) var state = State.possible
    /// Whether it recognises anything; turning it off cancels a gesture under way.
    open var isEnabled = true {
      didSet {
        if !isEnabled, state == .began || state == .changed { move(to: .cancelled) }
      }
    }
    /// The view it is attached to (`UIView.addGestureRecognizer(_:)`).
    public internal(set) weak var view: UIView?
    private var handlers: [(UIGestureRecognizer) -> Void] = []
    private var lastTouch: UITouch?

    public override init() { super.init() }

    /// Calls `handler` at every state change after `possible` (not UIKit API: there a target
    /// and an action selector are added).
    public func addHandler(_ handler: @escaping (UIGestureRecognizer) -> Void) {
      handlers.append(handler)
    }

    /// Where the gesture's touch is, in `view`'s coordinates. Mirrors `location(in:)`.
    open func location(in view: UIView?) -> CGPoint {
      lastTouch?.location(in: view) ?? .zero
    }

    /// Moves to `state`, remembering `touch`, and tells the handlers; a finished gesture
    /// (ended, cancelled, failed) goes back to `possible` afterwards, as UIKit resets it.
    /// Mirrors a subclass setting `state` (UIKit's `UIGestureRecognizerSubclass`).
    public func move(to state: State, touch: UITouch? = nil) {
      if let touch { lastTouch = touch }
      self.state = state
      if state != .possible, state != .failed { handlers.forEach { $0(self) } }
      if state == .ended || state == .cancelled || state == .failed { self.state = .possible }
    }
  }

  extension UIView {
    /// Attaches `gestureRecognizer` to the view. Mirrors `addGestureRecognizer(_:)`.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
      gestureRecognizer.view = self
    }
  }
#endif
