import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UIViewController`, so that view-controller code (lifecycle
  /// overrides, `present`/`dismiss`, `presentLimitedLibraryPicker(from:)`) compiles and runs
  /// where UIKit does not exist.
  ///
  /// It has no view. The lifecycle runs as UIKit runs it, driven by UIKit's own calls:
  /// `loadViewIfNeeded()` calls `viewDidLoad()` once; `beginAppearanceTransition(_:animated:)`
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
    /// Whether `viewDidLoad()` has run.
    public private(set) var isViewLoaded = false
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

    /// Called once, by `loadViewIfNeeded()` (UIKit calls it after loading the view).
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    /// Calls `viewDidLoad()` unless it has run.
    open func loadViewIfNeeded() {
      guard !isViewLoaded else { return }
      isViewLoaded = true
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
