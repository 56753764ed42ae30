import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UINavigationController`: a stack of child view controllers whose
  /// top one is shown. Pushing makes the old top disappear and the new one appear (their
  /// `viewWill…`/`viewDid…` methods run); popping does the reverse. Every controller on the
  /// stack finds it as its `navigationController`.
  open class UINavigationController: UIViewController, @unchecked Sendable {
    /// The stack, root first. Setting it replaces the stack without transitions.
    open var viewControllers: [UIViewController] {
      get { children }
      set {
        for controller in children where !newValue.contains(where: { $0 === controller }) {
          controller.removeFromParent()
        }
        for controller in newValue { addChild(controller) }
      }
    }

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { children.last }
    /// The controller shown: the one this presents, else the top one.
    open var visibleViewController: UIViewController? {
      presentedViewController ?? topViewController
    }

    /// A stack holding `rootViewController`. Mirrors `init(rootViewController:)`.
    public init(rootViewController: UIViewController) {
      super.init(nibName: nil, bundle: nil)
      addChild(rootViewController)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
      super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
      super.init(coder: coder)
    }

    /// Pushes `viewController` on the stack. Mirrors `pushViewController(_:animated:)`.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
      let previous = topViewController
      previous?.beginAppearanceTransition(false, animated: animated)
      addChild(viewController)
      viewController.beginAppearanceTransition(true, animated: animated)
      previous?.endAppearanceTransition()
      viewController.endAppearanceTransition()
    }

    /// Pops the top controller (never the root) and returns it. Mirrors
    /// `popViewController(animated:)`.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
      guard children.count > 1, let top = children.last else { return nil }
      pop(to: children[children.count - 2], animated: animated)
      return top
    }

    /// Pops every controller above the root and returns them. Mirrors
    /// `popToRootViewController(animated:)`.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
      guard let root = children.first else { return nil }
      return popToViewController(root, animated: animated)
    }

    /// Pops every controller above `viewController` and returns them; nil when it is not on
    /// the stack. Mirrors `popToViewController(_:animated:)`.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool)
      -> [UIViewController]?
    {
      guard let index = children.firstIndex(where: { $0 === viewController }) else { return nil }
      let popped = Array(children[(index + 1)...])
      if !popped.isEmpty { pop(to: viewController, animated: animated) }
      return popped
    }

    private func pop(to target: UIViewController, animated: Bool) {
      guard let top = topViewController,
        let index = children.firstIndex(where: { $0 === target })
      else { return }
      top.beginAppearanceTransition(false, animated: animated)
      target.beginAppearanceTransition(true, animated: animated)
      for controller in children[(index + 1)...] { controller.removeFromParent() }
      top.endAppearanceTransition()
      target.endAppearanceTransition()
    }
  }
#endif
