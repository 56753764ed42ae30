import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UIView`: a frame, a hierarchy and the layout pass, so that code
  /// reading a view controller's `view.bounds` to size thumbnails, or adding subviews, runs
  /// where UIKit does not exist. It draws nothing.
  ///
  /// `setNeedsLayout()` marks the view; `layoutIfNeeded()` then lays it out as UIKit does:
  /// its view controller's `viewWillLayoutSubviews()`, the view's `layoutSubviews()`, the
  /// controller's `viewDidLayoutSubviews()`, then the subviews that need it. Changing the
  /// bounds' size marks the view.
  open class UIView: NSObject, @unchecked Sendable {
    /// The frame in the superview's coordinates.
    open var frame: CGRect {
      didSet {
        if frame.size != oldValue.size { setNeedsLayout() }
      }
    }
    /// The view's own coordinates: origin zero, the frame's size.
    open var bounds: CGRect {
      get { CGRect(origin: .zero, size: frame.size) }
      set { frame.size = newValue.size }
    }
    open var isHidden = false
    open var alpha: CGFloat = 1
    open var tag = 0
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?
    /// The view controller whose `view` this is (UIKit keeps it privately).
    weak var owningViewController: UIViewController?
    private var needsLayout = true

    /// Mirrors `init(frame:)`.
    public init(frame: CGRect) {
      self.frame = frame
      super.init()
    }

    /// A view with a zero frame.
    public override convenience init() { self.init(frame: .zero) }

    /// Mirrors `init?(coder:)`: a view with a zero frame.
    public required init?(coder: NSCoder) {
      frame = .zero
      super.init()
    }

    /// Adds `view` on top of the subviews (moving it from its superview).
    open func addSubview(_ view: UIView) {
      view.removeFromSuperview()
      subviews.append(view)
      view.superview = self
      setNeedsLayout()
    }

    /// Inserts `view` at `index` of the subviews (clamped).
    open func insertSubview(_ view: UIView, at index: Int) {
      view.removeFromSuperview()
      subviews.insert(view, at: max(0, min(index, subviews.count)))
      view.superview = self
      setNeedsLayout()
    }

    /// Takes the view out of its superview.
    open func removeFromSuperview() {
      guard let superview else { return }
      superview.subviews.removeAll { $0 === self }
      self.superview = nil
      superview.setNeedsLayout()
    }

    /// Whether `view` is this view or below it.
    open func isDescendant(of view: UIView) -> Bool {
      var current: UIView? = self
      while let candidate = current {
        if candidate === view { return true }
        current = candidate.superview
      }
      return false
    }

    /// The first view with `tag`, this one or below it (depth first).
    open func viewWithTag(_ tag: Int) -> UIView? {
      if self.tag == tag { return self }
      for view in subviews {
        if let found = view.viewWithTag(tag) { return found }
      }
      return nil
    }

    /// Marks the view for the next layout pass.
    open func setNeedsLayout() { needsLayout = true }

    /// Lays the view out now when it is marked, then its subviews (see the type's comment).
    open func layoutIfNeeded() {
      if needsLayout {
        needsLayout = false
        owningViewController?.viewWillLayoutSubviews()
        layoutSubviews()
        owningViewController?.viewDidLayoutSubviews()
      }
      for view in subviews { view.layoutIfNeeded() }
    }

    /// Override to place subviews; called by the layout pass.
    open func layoutSubviews() {}
  }
#endif
