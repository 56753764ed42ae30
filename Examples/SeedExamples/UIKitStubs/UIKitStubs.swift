// Stand-ins for the few UIKit types the seed code touches, so that it compiles where UIKit
// does not exist. Each keeps only what the seeds use; they draw nothing. `UIViewController`
// itself comes from PhotoKitCompat (it is what `presentLimitedLibraryPicker(from:)` takes).

#if !canImport(UIKit)
  import Foundation
  import PhotoKitCompat

  /// `UILabel`: remembers its text and tells `onTextChange` (for tests to wait on).
  final class UILabel {
    var text: String? {
      didSet { onTextChange?(text) }
    }
    var onTextChange: ((String?) -> Void)?
  }

  /// `UIButton`: only whether it is hidden.
  final class UIButton {
    var isHidden = false
  }

  /// `UIAlertAction`: a title, a style and the handler a tap runs.
  final class UIAlertAction {
    enum Style { case `default`, cancel, destructive }
    let title: String?
    let style: Style
    let handler: ((UIAlertAction) -> Void)?

    init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
      self.title = title
      self.style = style
      self.handler = handler
    }

    /// What a tap on the button does (UIKit does this when the user taps it).
    func tap() { handler?(self) }
  }

  /// `UIAlertController`: a title, a message and actions; presenting it only records it.
  final class UIAlertController: UIViewController, @unchecked Sendable {
    enum Style { case actionSheet, alert }
    let title: String?
    let message: String?
    let preferredStyle: Style
    private(set) var actions: [UIAlertAction] = []

    init(title: String?, message: String?, preferredStyle: Style) {
      self.title = title
      self.message = message
      self.preferredStyle = preferredStyle
      super.init()
    }

    func addAction(_ action: UIAlertAction) { actions.append(action) }

    /// The action titled `title`.
    func action(titled title: String) -> UIAlertAction? {
      actions.first { $0.title == title }
    }
  }

  /// `UIApplication`: opening URLs is only recorded.
  final class UIApplication: @unchecked Sendable {
    struct OpenExternalURLOptionsKey: Hashable, Sendable {
      var rawValue: String
    }

    static let shared = UIApplication()
    static let openSettingsURLString = "app-settings:"
    private let lock = NSLock()
    private var opened: [URL] = []

    /// The URLs opened so far.
    var openedURLs: [URL] { lock.withLock { opened } }

    func canOpenURL(_ url: URL) -> Bool { true }

    func open(
      _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
      completionHandler completion: ((Bool) -> Void)? = nil
    ) {
      lock.withLock { opened.append(url) }
      completion?(true)
    }
  }
#endif
