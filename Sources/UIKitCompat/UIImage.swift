import Foundation
import ImageDecoding

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UIImage`: decoded RGBA pixels with a scale and an orientation, so
  /// that photo code that passes `UIImage?` around compiles and runs where UIKit does not exist.
  ///
  /// `size` is in points (pixels divided by `scale`, width and height swapped for the
  /// quarter-turn orientations), as UIKit's. `cgImage` is a `CGImage` stand-in over the stored
  /// pixels; `pixel(x:y:)` and `pixelImage` read them upright (orientation applied).
  /// Immutable and thread-safe.
  open class UIImage: NSObject, @unchecked Sendable {
    /// The pixels as stored, before `imageOrientation` is applied.
    public let storedPixels: PixelImage
    /// Pixels per point (1 for images read from files or data).
    public let scale: CGFloat
    /// How the stored pixels are displayed upright.
    public let imageOrientation: Orientation

    /// An image of `pixels` (stored, before `orientation`) at `scale` pixels per point.
    public init(pixels: PixelImage, scale: CGFloat = 1, orientation: Orientation = .up) {
      storedPixels = pixels
      self.scale = scale > 0 && scale.isFinite ? scale : 1
      imageOrientation = orientation
      super.init()
    }

    /// An empty image (size zero, no `cgImage`). Mirrors `UIImage()`.
    public override convenience init() {
      self.init(pixels: PixelImage(width: 0, height: 0))
    }

    /// Reads the JPEG or PNG file at `path` (EXIF orientation applied to the pixels); nil when
    /// it cannot be read or decoded. Mirrors `UIImage(contentsOfFile:)`.
    public convenience init?(contentsOfFile path: String) {
      guard let pixels = try? ImageDecoder.decode(fileAt: path) else { return nil }
      self.init(pixels: pixels)
    }

    /// Decodes JPEG or PNG bytes (EXIF orientation applied to the pixels); nil when they are
    /// not an image it reads. Mirrors `UIImage(data:)`.
    public convenience init?(data: Data) {
      self.init(data: data, scale: 1)
    }

    /// `init?(data:)` at `scale` pixels per point. Mirrors `UIImage(data:scale:)`.
    public convenience init?(data: Data, scale: CGFloat) {
      guard let pixels = try? ImageDecoder.decode(data: [UInt8](data)) else { return nil }
      self.init(pixels: pixels, scale: scale)
    }

    /// The same pixels with another scale and orientation. Mirrors
    /// `UIImage(cgImage:scale:orientation:)` on an image's pixels.
    public convenience init(image: UIImage, scale: CGFloat, orientation: Orientation) {
      self.init(pixels: image.storedPixels, scale: scale, orientation: orientation)
    }

    /// The displayed size in points.
    open var size: CGSize {
      let swaps = imageOrientation.imageOrientation.swapsWidthAndHeight
      let width = CGFloat(swaps ? storedPixels.height : storedPixels.width)
      let height = CGFloat(swaps ? storedPixels.width : storedPixels.height)
      return CGSize(width: width / scale, height: height / scale)
    }

    /// The displayed pixels: `storedPixels` with `imageOrientation` applied.
    public var pixelImage: PixelImage {
      imageOrientation == .up
        ? storedPixels : storedPixels.applying(imageOrientation.imageOrientation)
    }

    /// The RGBA of the displayed pixel at (`x`, `y`) from the top left.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
      pixelImage.pixel(x: x, y: y)
    }

    /// The displayed image as an RGBA PNG; nil for an empty image. Mirrors `pngData()`.
    public func pngData() -> Data? {
      (try? PNGEncoder.encode(pixelImage)).map { Data($0) }
    }

    /// The displayed image as a JPEG (alpha dropped) at `compressionQuality` 0 (smallest) to
    /// 1 (best); nil for an empty image. Mirrors `jpegData(compressionQuality:)`.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
      let quality = JPEGEncoder.quality(forCompressionQuality: Double(compressionQuality))
      return (try? JPEGEncoder.encode(pixelImage, quality: quality)).map { Data($0) }
    }

    public override func isEqual(_ object: Any?) -> Bool {
      guard let other = object as? UIImage else { return false }
      return other === self
        || (other.storedPixels == storedPixels && other.scale == scale
          && other.imageOrientation == imageOrientation)
    }

    public override var hash: Int { storedPixels.width &* 31 &+ storedPixels.height }

    public override var description: String {
      "<UIImage: \(Int(size.width))×\(Int(size.height)) @\(scale)x \(imageOrientation)>"
    }
  }
#endif
