import Foundation
import ImageDecoding

#if !canImport(UIKit)
  /// The pixel buffer behind a `UIGraphicsImageRenderer` or `UIGraphicsBeginImageContext…`
  /// context: RGBA with straight alpha, `size` points at `scale` pixels per point. Images are
  /// composited into it source-over, as Core Graphics' normal blend mode does.
  final class GraphicsCanvas {
    let size: CGSize
    let scale: CGFloat
    let opaque: Bool
    private(set) var pixels: PixelImage

    init(size: CGSize, scale: CGFloat, opaque: Bool) {
      let scale = scale > 0 && scale.isFinite ? scale : 1
      self.size = size
      self.scale = scale
      self.opaque = opaque
      let width = Self.pixelCount(size.width * scale)
      let height = Self.pixelCount(size.height * scale)
      pixels = PixelImage(width: width, height: height)
      if opaque {
        // An opaque context starts black, as Core Graphics' does.
        for index in stride(from: 3, to: pixels.pixels.count, by: 4) { pixels.pixels[index] = 255 }
      }
    }

    /// The most pixels a side: a renderer of a larger size draws into this many (256 MiB at
    /// most for a square canvas), so that a nonsense size cannot exhaust memory.
    static let maximumSide = 8192

    /// Pixels for a length in pixels: rounded up, none for nonsense, at most `maximumSide`.
    private static func pixelCount(_ length: CGFloat) -> Int {
      guard length.isFinite, length > 0 else { return 0 }
      return Int(min(length.rounded(.up), CGFloat(maximumSide)))
    }

    /// The canvas as an upright image at its scale.
    var image: UIImage { UIImage(pixels: pixels, scale: scale) }

    /// Composites `source` (upright pixels) into `rect` (points), fitted to the rectangle by an
    /// area average, multiplied by `alpha`.
    func draw(_ source: PixelImage, in rect: CGRect, alpha: CGFloat) {
      let rect = rect.standardized
      guard source.width > 0, source.height > 0, rect.width > 0, rect.height > 0,
        rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite
      else { return }
      let opacity = Float(max(0, min(1, alpha)))
      let left = rect.minX * scale
      let top = rect.minY * scale
      let width = rect.width * scale
      let height = rect.height * scale
      let columns = Self.covered(from: left, length: width, limit: pixels.width)
      let rows = Self.covered(from: top, length: height, limit: pixels.height)
      guard !columns.isEmpty, !rows.isEmpty else { return }
      let xSpans = columns.map {
        Self.span(Double($0), origin: left, length: width, count: source.width)
      }
      for y in rows {
        let ySpan = Self.span(Double(y), origin: top, length: height, count: source.height)
        for (offset, x) in columns.enumerated() {
          let (r, g, b, a) = Self.average(source, xs: xSpans[offset], ys: ySpan)
          composite(r: r, g: g, b: b, a: a * opacity, x: x, y: y)
        }
      }
    }

    /// The destination pixels whose centres lie in [origin, origin + length), within the canvas.
    private static func covered(from origin: CGFloat, length: CGFloat, limit: Int) -> Range<Int> {
      let first = max(0, Int((origin - 0.5).rounded(.up)))
      let end = min(limit, Int((origin + length - 0.5).rounded(.up)))
      return first < end ? first..<end : 0..<0
    }

    /// The source pixels under destination pixel `index`.
    private static func span(_ index: Double, origin: CGFloat, length: CGFloat, count: Int)
      -> Range<Int>
    {
      let factor = Double(count) / Double(length)
      let start = (index - Double(origin)) * factor
      let end = (index + 1 - Double(origin)) * factor
      let first = max(0, min(count - 1, Int(start.rounded(.down))))
      let last = max(first + 1, min(count, Int(end.rounded(.up))))
      return first..<last
    }

    /// The area average of `source` over the spans, premultiplied while summing; straight
    /// colour components 0…1 and the alpha.
    private static func average(_ source: PixelImage, xs: Range<Int>, ys: Range<Int>)
      -> (Float, Float, Float, Float)
    {
      var sum = SIMD4<Float>(repeating: 0)
      for y in ys {
        for x in xs {
          let index = (y * source.width + x) * 4
          let a = Float(source.pixels[index + 3]) / 255
          sum += SIMD4(
            Float(source.pixels[index]) / 255 * a, Float(source.pixels[index + 1]) / 255 * a,
            Float(source.pixels[index + 2]) / 255 * a, a)
        }
      }
      let count = Float(xs.count * ys.count)
      let alpha = sum.w / count
      guard alpha > 0 else { return (0, 0, 0, 0) }
      return (sum.x / count / alpha, sum.y / count / alpha, sum.z / count / alpha, alpha)
    }

    /// Source-over of one straight-alpha colour onto the pixel at (`x`, `y`).
    private func composite(r: Float, g: Float, b: Float, a: Float, x: Int, y: Int) {
      guard a > 0 else { return }
      let index = (y * pixels.width + x) * 4
      let destinationAlpha = Float(pixels.pixels[index + 3]) / 255
      let outAlpha = a + destinationAlpha * (1 - a)
      func channel(_ source: Float, _ offset: Int) -> UInt8 {
        let destination = Float(pixels.pixels[index + offset]) / 255
        let value = (source * a + destination * destinationAlpha * (1 - a)) / outAlpha
        return UInt8(max(0, min(255, (value * 255).rounded())))
      }
      let red = channel(r, 0)
      let green = channel(g, 1)
      let blue = channel(b, 2)
      pixels.pixels[index] = red
      pixels.pixels[index + 1] = green
      pixels.pixels[index + 2] = blue
      pixels.pixels[index + 3] = opaque ? 255 : UInt8(max(0, min(255, (outAlpha * 255).rounded())))
    }

    // MARK: The current context

    private static let stackKey = "UIKitCompat.GraphicsCanvas.stack"

    /// The canvas drawing goes to on this thread (UIKit's current context), if any.
    static var current: GraphicsCanvas? { stack.last }

    static func push(_ canvas: GraphicsCanvas) { stack.append(canvas) }

    @discardableResult
    static func pop() -> GraphicsCanvas? { stack.popLast() }

    private static var stack: [GraphicsCanvas] {
      get { (Thread.current.threadDictionary[stackKey] as? Box)?.canvases ?? [] }
      set {
        let box = (Thread.current.threadDictionary[stackKey] as? Box) ?? Box()
        box.canvases = newValue
        Thread.current.threadDictionary[stackKey] = box
      }
    }

    private final class Box {
      var canvases: [GraphicsCanvas] = []
    }
  }
#endif
