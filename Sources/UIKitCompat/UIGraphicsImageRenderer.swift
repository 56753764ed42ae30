import Foundation
import ImageDecoding

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UIGraphicsImageRendererFormat`: the scale and opacity of the
  /// images a renderer makes.
  open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
    /// Pixels per point; the main screen's scale by default, as UIKit's.
    open var scale: CGFloat = UIScreen.main.scale
    /// Whether the images have no alpha (they start black, as Core Graphics' opaque contexts).
    open var opaque = false

    public override init() { super.init() }

    /// The format for the main screen. Mirrors `UIGraphicsImageRendererFormat.default()`.
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// Mirrors `preferred()`: the same as `default()` here.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
  }

  /// A stand-in for UIKit's `UIGraphicsImageRendererContext`: what the drawing closure gets.
  /// While the closure runs, its canvas is the current context, so `UIImage.draw(in:)` draws
  /// into it.
  open class UIGraphicsImageRendererContext: NSObject, @unchecked Sendable {
    let canvas: GraphicsCanvas
    /// The renderer's format.
    public let format: UIGraphicsImageRendererFormat

    init(canvas: GraphicsCanvas, format: UIGraphicsImageRendererFormat) {
      self.canvas = canvas
      self.format = format
      super.init()
    }

    /// What has been drawn so far. Mirrors `currentImage`.
    open var currentImage: UIImage { canvas.image }
  }

  /// A stand-in for UIKit's `UIGraphicsImageRenderer`: a canvas of `size` points at the
  /// format's scale (the main screen's, 3, by default), transparent at first, into which the
  /// closure draws images (`UIImage.draw(in:)`, `draw(at:)`); the result is a `UIImage` of
  /// those pixels at that scale.
  open class UIGraphicsImageRenderer: NSObject, @unchecked Sendable {
    /// The canvas size in points.
    public let size: CGSize
    public let format: UIGraphicsImageRendererFormat

    /// Mirrors `init(size:)`: the default format (main screen scale, not opaque).
    public convenience init(size: CGSize) {
      self.init(size: size, format: .default())
    }

    /// Mirrors `init(size:format:)`.
    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
      self.size = size
      self.format = format
      super.init()
    }

    /// Mirrors `init(bounds:format:)`: a canvas of the bounds' size.
    public convenience init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
      self.init(size: bounds.size, format: format)
    }

    /// Runs `actions` with a fresh canvas as the current context and returns what it drew.
    /// Mirrors `image(actions:)`.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
      let canvas = GraphicsCanvas(size: size, scale: format.scale, opaque: format.opaque)
      let context = UIGraphicsImageRendererContext(canvas: canvas, format: format)
      GraphicsCanvas.push(canvas)
      defer { GraphicsCanvas.pop() }
      actions(context)
      return canvas.image
    }

    /// `image(actions:)` as PNG data. Mirrors `pngData(actions:)`.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
      image(actions: actions).pngData() ?? Data()
    }

    /// `image(actions:)` as JPEG data. Mirrors `jpegData(withCompressionQuality:actions:)`.
    open func jpegData(
      withCompressionQuality compressionQuality: CGFloat,
      actions: (UIGraphicsImageRendererContext) -> Void
    ) -> Data {
      image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }
  }

  /// Starts a bitmap context of `size` points (scale 0: the main screen's) as the current
  /// context. Mirrors `UIGraphicsBeginImageContextWithOptions(_:_:_:)`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public func UIGraphicsBeginImageContextWithOptions(
    _ size: CGSize, _ opaque: Bool, _ scale: CGFloat
  ) {
    GraphicsCanvas.push(
      GraphicsCanvas(size: size, scale: scale == 0 ? UIScreen.main.scale : scale, opaque: opaque))
  }

  /// A transparent context at scale 1. Mirrors `UIGraphicsBeginImageContext(_:)`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
  }

  /// What the current bitmap context holds; nil without one. Mirrors
  /// `UIGraphicsGetImageFromCurrentImageContext()`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    GraphicsCanvas.current?.image
  }

  /// Ends the current bitmap context. Mirrors `UIGraphicsEndImageContext()`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public func UIGraphicsEndImageContext() {
    GraphicsCanvas.pop()
  }

  extension UIImage {
    /// Draws the image (orientation applied) fitted into `rect` (points) in the current
    /// context, source-over; without a current context nothing is drawn, as in UIKit.
    /// Mirrors `draw(in:)`.
    public func draw(in rect: CGRect) {
      GraphicsCanvas.current?.draw(pixelImage, in: rect, alpha: 1)
    }

    /// Draws the image at its size in points with its top left at `point`. Mirrors
    /// `draw(at:)`.
    public func draw(at point: CGPoint) {
      draw(in: CGRect(origin: point, size: size))
    }
  }
#endif
