import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UIViewController`, so that view-controller code (lifecycle
  /// overrides, `present`/`dismiss`, `presentLimitedLibraryPicker(from:)`, navigation and
  /// traits) compiles and runs where UIKit does not exist.
  ///
  /// Its `view` is a `UIView` stand-in (a frame and a hierarchy, no drawing), the screen's
  /// size unless `loadView()` sets another. The lifecycle runs as UIKit runs it, driven by
  /// UIKit's own calls: reading `view` or `loadViewIfNeeded()` calls `loadView()` and
  /// `viewDidLoad()` once; the view's layout pass calls `viewWillLayoutSubviews()` and
  /// `viewDidLayoutSubviews()`; `beginAppearanceTransition(_:animated:)`
  /// and `endAppearanceTransition()` call `viewWillAppear(_:)`/`viewDidAppear(_:)` or
  /// `viewWillDisappear(_:)`/`viewDidDisappear(_:)`; `present(_:animated:completion:)` loads
  /// the presented controller and makes it appear, and `dismiss(animated:completion:)` makes
  /// it disappear. Unlike UIKit's, it is not bound to the main actor (it is
  /// `@unchecked Sendable`), so code that hops to `DispatchQueue.main` compiles in Swift 6 mode
  /// as it does against the iOS SDK.
  open class UIViewController: NSObject, @unchecked Sendable {
    /// The name of the nib it was made with (never loaded).
    public let nibName: String?
    /// The bundle of that nib.
    public let nibBundle: Bundle?
    /// The title a navigation bar would show.
    open var title: String?
    /// The view controller presented by this one, until dismissed.
    public private(set) var presentedViewController: UIViewController?
    /// The view controller that presented this one, until dismissed.
    public private(set) weak var presentingViewController: UIViewController?
    /// Whether the view has been loaded (`loadView()` and `viewDidLoad()` have run).
    public private(set) var isViewLoaded = false
    private var loadedView: UIView?
    /// The parent (a navigation controller, or a container's `addChild(_:)`).
    public private(set) weak var parent: UIViewController?
    /// The child view controllers, in the order added.
    public internal(set) var children: [UIViewController] = []
    private var ownTraitCollection: UITraitCollection?
    /// Whether the controller is between `viewWillAppear(_:)` and `viewWillDisappear(_:)`.
    public private(set) var isAppearing = false
    private var transition: (appearing: Bool, animated: Bool)?

    /// Mirrors `init(nibName:bundle:)`; nothing is loaded.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
      nibName = nibNameOrNil
      nibBundle = nibBundleOrNil
      super.init()
    }

    /// The same as `init(nibName: nil, bundle: nil)`.
    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    /// Mirrors `init?(coder:)` (storyboards): a controller without a nib.
    public required init?(coder: NSCoder) {
      nibName = nil
      nibBundle = nil
      super.init()
    }

    // MARK: Lifecycle (override these)

    /// Called once, after `loadView()`, by reading `view` or `loadViewIfNeeded()`.
    open func viewDidLoad() {}
    /// Called by the view's layout pass before it lays out the view (`layoutIfNeeded()`).
    open func viewWillLayoutSubviews() {}
    /// Called by the view's layout pass after it laid out the view.
    open func viewDidLayoutSubviews() {}
    /// Called when the controller's traits change (`traitCollection`), with the old ones.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: The view

    /// Makes the view: a `UIView` the size of the screen. Override to set `view` yourself.
    open func loadView() {
      view = UIView(frame: UIScreen.main.bounds)
    }

    /// The root view, loaded on first use (`loadView()`, then `viewDidLoad()`), as UIKit's.
    open var view: UIView! {
      get {
        loadViewIfNeeded()
        return loadedView
      }
      set {
        loadedView?.owningViewController = nil
        loadedView = newValue
        newValue?.owningViewController = self
      }
    }

    /// The view if it has been loaded; reading it loads nothing.
    open var viewIfLoaded: UIView? { loadedView }

    // MARK: Traits

    /// The traits the controller is shown with: its parent's or presenter's, else the
    /// device's (`UITraitCollection.current`), until `setTraitCollection(_:)` sets its own.
    open var traitCollection: UITraitCollection {
      ownTraitCollection ?? parent?.traitCollection ?? presentingViewController?.traitCollection
        ?? .current
    }

    /// Gives the controller `traits` as the system would (the user switching to Dark Mode,
    /// a rotation): when they differ from the current ones, `traitCollectionDidChange(_:)` is
    /// called on it, its children and the controller it presents. Not UIKit API: there the
    /// system changes traits.
    public func setTraitCollection(_ traits: UITraitCollection) {
      let previous = traitCollection
      ownTraitCollection = traits
      guard previous != traits else { return }
      traitsChanged(from: previous)
    }

    private func traitsChanged(from previous: UITraitCollection) {
      traitCollectionDidChange(previous)
      for child in children + [presentedViewController].compactMap({ $0 })
      where child.ownTraitCollection == nil {
        child.traitsChanged(from: previous)
      }
    }

    // MARK: Containment

    /// The nearest navigation controller above this one. Mirrors `navigationController`.
    open var navigationController: UINavigationController? {
      var current = parent
      while let candidate = current {
        if let navigation = candidate as? UINavigationController { return navigation }
        current = candidate.parent
      }
      return nil
    }

    /// Adds `childController` as a child (removing it from its parent first).
    open func addChild(_ childController: UIViewController) {
      childController.removeFromParent()
      children.append(childController)
      childController.parent = self
    }

    /// Removes the controller from its parent.
    open func removeFromParent() {
      guard let parent else { return }
      parent.children.removeAll { $0 === self }
      self.parent = nil
    }
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    /// Calls `viewDidLoad()` unless it has run.
    open func loadViewIfNeeded() {
      guard !isViewLoaded else { return }
      isViewLoaded = true
      loadView()
      if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }
      viewDidLoad()
    }

    /// Starts appearing (`viewWillAppear(_:)`) or disappearing (`viewWillDisappear(_:)`),
    /// loading the view first. Mirrors UIKit's method of the same name.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
      loadViewIfNeeded()
      transition = (isAppearing, animated)
      if isAppearing {
        self.isAppearing = true
        viewWillAppear(animated)
      } else {
        self.isAppearing = false
        viewWillDisappear(animated)
      }
    }

    /// Ends the transition begun last (`viewDidAppear(_:)` or `viewDidDisappear(_:)`).
    open func endAppearanceTransition() {
      guard let transition else { return }
      self.transition = nil
      if transition.appearing {
        viewDidAppear(transition.animated)
      } else {
        viewDidDisappear(transition.animated)
      }
    }

    // MARK: Presenting

    /// Presents `viewControllerToPresent` (loads it and makes it appear), then calls
    /// `completion`. A controller that already presents one presents nothing, as UIKit does.
    open func present(
      _ viewControllerToPresent: UIViewController, animated flag: Bool,
      completion: (() -> Void)? = nil
    ) {
      guard presentedViewController == nil else { return }
      presentedViewController = viewControllerToPresent
      viewControllerToPresent.presentingViewController = self
      viewControllerToPresent.beginAppearanceTransition(true, animated: flag)
      viewControllerToPresent.endAppearanceTransition()
      completion?()
    }

    /// Dismisses the controller this one presents (or, when it presents none, this one from
    /// its presenter), making it disappear, then calls `completion`.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
      guard let presented = presentedViewController else {
        if let presenter = presentingViewController {
          presenter.dismiss(animated: flag, completion: completion)
        } else {
          completion?()
        }
        return
      }
      presented.beginAppearanceTransition(false, animated: flag)
      presented.endAppearanceTransition()
      presented.presentingViewController = nil
      presentedViewController = nil
      completion?()
    }
  }
#endif
