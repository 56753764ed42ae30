// Stand-ins for the UIKit views the published code touches, so that it compiles where UIKit does
// not exist. Each keeps only what the articles use; they draw nothing. `UIViewController`,
// `UIAlertController`, `UIAlertAction` and `UIApplication` come from UIKitCompat, which
// PhotoKitCompat re-exports.

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
#endif
