import Foundation
import ImageDecoding

#if !canImport(CoreGraphics)
  /// How a `CGImage`'s pixels carry alpha. Mirrors Core Graphics' `CGImageAlphaInfo`, raw
  /// values included. The stand-in's images are always `.last` (RGBA, straight alpha).
  public enum CGImageAlphaInfo: UInt32, Sendable, Equatable {
    case none = 0
    case premultipliedLast = 1
    case premultipliedFirst = 2
    case last = 3
    case first = 4
    case noneSkipLast = 5
    case noneSkipFirst = 6
    case alphaOnly = 7
  }

  /// A stand-in for Core Graphics' `CGDataProvider`: the bytes behind a `CGImage`.
  public final class CGDataProvider: @unchecked Sendable {
    /// The bytes (`CFData` on Apple platforms; `Data` here, so `data as Data` reads them on both).
    public let data: Data?

    /// Mirrors `CGDataProvider(data:)`.
    public init?(data: Data) {
      self.data = data
    }
  }

  /// A stand-in for Core Graphics' `CGImage`: a bitmap of 8-bit RGBA pixels with straight
  /// alpha (`alphaInfo` `.last`), rows top first. `UIImage.cgImage` gives one over an image's
  /// stored pixels; `dataProvider?.data` holds `height × bytesPerRow` bytes.
  public final class CGImage: @unchecked Sendable {
    /// The pixels, as `PixelImage` (PhotoGate's raster).
    public let pixelImage: PixelImage

    /// A bitmap over `pixels`.
    public init(pixels: PixelImage) {
      pixelImage = pixels
    }

    public var width: Int { pixelImage.width }
    public var height: Int { pixelImage.height }
    /// 8: one byte per channel.
    public var bitsPerComponent: Int { 8 }
    /// 32: red, green, blue and alpha.
    public var bitsPerPixel: Int { 32 }
    public var bytesPerRow: Int { pixelImage.stride }
    public var alphaInfo: CGImageAlphaInfo { .last }
    /// The pixel bytes, row after row.
    public var dataProvider: CGDataProvider? { CGDataProvider(data: Data(pixelImage.pixels)) }

    /// The part of the image inside `rect` (pixels; the rectangle is made integral and
    /// clipped to the image); nil when nothing is left. Mirrors `cropping(to:)`.
    public func cropping(to rect: CGRect) -> CGImage? {
      let bounds = CGRect(x: 0, y: 0, width: width, height: height)
      let clipped = rect.standardized.integral.intersection(bounds)
      guard !clipped.isNull, clipped.width >= 1, clipped.height >= 1 else { return nil }
      let x0 = Int(clipped.minX)
      let y0 = Int(clipped.minY)
      let w = Int(clipped.width)
      let h = Int(clipped.height)
      var out = [UInt8]()
      out.reserveCapacity(w * h * 4)
      for y in y0..<(y0 + h) {
        let start = (y * width + x0) * 4
        out += pixelImage.pixels[start..<(start + w * 4)]
      }
      return CGImage(pixels: PixelImage(width: w, height: h, pixels: out))
    }
  }
#endif

#if !canImport(UIKit)
  extension UIImage {
    /// The stored pixels (before `imageOrientation`) as a `CGImage`; nil for an empty image.
    /// Mirrors `UIImage.cgImage`.
    public var cgImage: CGImage? {
      storedPixels.width > 0 && storedPixels.height > 0 ? CGImage(pixels: storedPixels) : nil
    }

    /// An image of `cgImage`'s pixels at scale 1, upright. Mirrors `UIImage(cgImage:)`.
    public convenience init(cgImage: CGImage) {
      self.init(pixels: cgImage.pixelImage)
    }

    /// An image of `cgImage`'s pixels at `scale`, displayed with `orientation`. Mirrors
    /// `UIImage(cgImage:scale:orientation:)`.
    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
      self.init(pixels: cgImage.pixelImage, scale: scale, orientation: orientation)
    }
  }
#endif
