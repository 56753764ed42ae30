import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UITouch`: where a finger is, on which view, and how many taps.
  /// Linux has no touch screen, so touches are made by tests (`init(location:in:tapCount:)`,
  /// not UIKit API).
  open class UITouch: NSObject, @unchecked Sendable {
    /// The view the touch began in.
    open private(set) weak var view: UIView?
    /// Taps in a row at this place.
    open private(set) var tapCount: Int
    /// When the touch happened (seconds since boot, as UIKit's).
    open private(set) var timestamp: TimeInterval
    private let point: CGPoint

    /// A touch at `location` in `view`'s coordinates.
    public init(location: CGPoint, in view: UIView?, tapCount: Int = 1) {
      point = location
      self.view = view
      self.tapCount = tapCount
      timestamp = ProcessInfo.processInfo.systemUptime
      super.init()
    }

    /// The touch's position in `view` (its own view's coordinates when `view` is that view
    /// or nil). Mirrors `location(in:)`; other views' coordinates add the frames' offsets
    /// along the superview chain.
    open func location(in view: UIView?) -> CGPoint {
      guard let view, let own = self.view, view !== own else { return point }
      func origin(of view: UIView) -> CGPoint {
        var total = CGPoint.zero
        var current: UIView? = view
        while let next = current {
          total.x += next.frame.minX
          total.y += next.frame.minY
          current = next.superview
        }
        return total
      }
      let from = origin(of: own)
      let to = origin(of: view)
      return CGPoint(x: point.x + from.x - to.x, y: point.y + from.y - to.y)
    }
  }
#endif
