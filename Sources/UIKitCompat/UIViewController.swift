import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UIViewController`, so that `presentLimitedLibraryPicker(from:)`
  /// and view-controller code compile where UIKit does not exist.
  ///
  /// It has no view: `viewDidLoad()` is called by whoever drives the code (a test), and
  /// `present(_:animated:completion:)` only remembers what was presented. Unlike UIKit's, it is
  /// not bound to the main actor (it is `@unchecked Sendable`), so code that hops to
  /// `DispatchQueue.main` compiles in Swift 6 mode as it does against the iOS SDK.
  open class UIViewController: NSObject, @unchecked Sendable {
    /// The view controller presented last, until dismissed.
    public private(set) var presentedViewController: UIViewController?

    public override init() { super.init() }

    /// Called once by the code driving the controller (UIKit calls it after loading the view).
    open func viewDidLoad() {}

    /// Remembers `viewControllerToPresent` and calls `completion`.
    open func present(
      _ viewControllerToPresent: UIViewController, animated flag: Bool,
      completion: (() -> Void)? = nil
    ) {
      presentedViewController = viewControllerToPresent
      completion?()
    }

    /// Forgets the presented view controller and calls `completion`.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
      presentedViewController = nil
      completion?()
    }
  }
#endif
