/// A decoded raster: 8-bit RGBA, row-major, top row first, straight (unassociated) alpha.
///
/// This is PhotoGate's stand-in for `UIImage`/`CGImage`: every decoder produces it, the
/// thumbnailer shrinks it, the cache encodes it, and the terminal renderer draws it.
public struct PixelImage: Sendable, Equatable {
  /// The only pixel layout: R, G, B, A bytes per pixel, alpha not premultiplied.
  public enum PixelFormat: Sendable, Equatable {
    case rgba8Unassociated
  }

  public let width: Int
  public let height: Int
  public let format: PixelFormat
  /// `width * height * 4` bytes.
  public var pixels: [UInt8]

  /// Wraps existing pixel bytes; `pixels.count` must be `width * height * 4`.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4)
    self.width = width
    self.height = height
    self.format = .rgba8Unassociated
    self.pixels = pixels
  }

  /// A fully transparent (all-zero) image of the given size.
  public init(width: Int, height: Int) {
    self.init(
      width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
  }

  /// Bytes per row.
  public var stride: Int { width * 4 }

  /// The RGBA value at column `x`, row `y`.
  public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let i = (y * width + x) * 4
    return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
  }
}
