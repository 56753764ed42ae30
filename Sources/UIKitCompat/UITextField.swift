import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UITextField`: the text, placeholder and secure-entry flag of a
  /// field an alert asks for (an album's name). Tests type with `text`.
  open class UITextField: UIView, @unchecked Sendable {
    open var text: String?
    open var placeholder: String?
    open var isSecureTextEntry = false
  }
#endif
