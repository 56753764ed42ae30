@_exported import Foundation

/// Stand-ins for the UIKit types photo code passes around (`UIImage`, `UIViewController`,
/// `UIScreen`), defined only where UIKit does not exist. `PhotoKitCompat` re-exports this
/// module, so that `import PhotoKitCompat` gives photo code what `import Photos` and
/// `import UIKit` give it on iOS; like `import UIKit`, it brings Foundation.
public enum UIKitCompat {}
