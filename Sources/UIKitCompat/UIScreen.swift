import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UIScreen`: the scale and bounds that grid code sizes
  /// thumbnails by (an iPhone's 3× screen of 393×852 points).
  public final class UIScreen: NSObject, @unchecked Sendable {
    /// The device's screen.
    public static let main = UIScreen(scale: 3, bounds: CGRect(x: 0, y: 0, width: 393, height: 852))

    public let scale: CGFloat
    public let bounds: CGRect
    public var nativeScale: CGFloat { scale }

    public init(scale: CGFloat, bounds: CGRect) {
      self.scale = scale
      self.bounds = bounds
      super.init()
    }
  }
#endif
