import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UIAlertController`: a title, a message and actions, for the
  /// permission alerts and action sheets photo code shows, and the text fields of an alert
  /// asking for a name. Presenting it only records it; `action(titled:)`,
  /// `UIAlertAction.tap()` and the fields' `text` play the user.
  open class UIAlertController: UIViewController, @unchecked Sendable {
    /// Mirrors `UIAlertController.Style`.
    public enum Style: Int, Sendable, Equatable {
      case actionSheet = 0
      case alert = 1
    }

    open var message: String?
    public let preferredStyle: Style
    public private(set) var actions: [UIAlertAction] = []

    public init(title: String?, message: String?, preferredStyle: Style) {
      self.message = message
      self.preferredStyle = preferredStyle
      super.init(nibName: nil, bundle: nil)
      self.title = title
    }

    public required init?(coder: NSCoder) {
      preferredStyle = .alert
      super.init(coder: coder)
    }

    open func addAction(_ action: UIAlertAction) { actions.append(action) }

    /// The text fields added with `addTextField(configurationHandler:)`, in order; nil when
    /// there are none, as UIKit's.
    open var textFields: [UITextField]? { fields.isEmpty ? nil : fields }
    private var fields: [UITextField] = []

    /// Adds a text field, configured by `configurationHandler` now. Only alerts have text
    /// fields: for an action sheet UIKit raises, and so does this (a precondition failure
    /// with UIKit's message). Mirrors `addTextField(configurationHandler:)`.
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
      precondition(
        preferredStyle == .alert,
        "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert"
      )
      let field = UITextField()
      fields.append(field)
      configurationHandler?(field)
    }

    /// The action titled `title` (for a test to tap; UIKit has no such lookup).
    public func action(titled title: String) -> UIAlertAction? {
      actions.first { $0.title == title }
    }
  }

  /// A stand-in for UIKit's `UIAlertAction`: a title, a style and the handler a tap runs.
  open class UIAlertAction: NSObject, @unchecked Sendable {
    /// Mirrors `UIAlertAction.Style`.
    public enum Style: Int, Sendable, Equatable {
      case `default` = 0
      case cancel = 1
      case destructive = 2
    }

    public let title: String?
    public let style: Style
    open var isEnabled = true
    private let handler: ((UIAlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
      self.title = title
      self.style = style
      self.handler = handler
      super.init()
    }

    /// What a tap on the button does (UIKit does this when the user taps it).
    public func tap() { handler?(self) }
  }
#endif
