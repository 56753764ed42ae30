import ImageDecoding

/// An exact area-average (box filter) resize, in sRGB code values, with alpha premultiplied.
///
/// Each output pixel is the mean of the input area it covers, input pixels cut by its edges
/// counting by the fraction inside. It is separable: rows first, then columns. Alpha is
/// premultiplied before averaging, so transparent pixels do not darken their neighbours.
struct AreaAverage {
  /// Premultiplied RGBA per output pixel: colour in 0…255 already multiplied by alpha,
  /// alpha in 0…1.
  let pixels: [Float]
  let width: Int
  let height: Int

  init(_ image: PixelImage, width: Int, height: Int) {
    self.width = width
    self.height = height
    let columns = Self.weights(from: image.width, to: width)
    let rows = Self.weights(from: image.height, to: height)
    let source = image.pixels
    let stride = image.width * 4

    // Rows pass: every input row shrunk to `width` pixels.
    var horizontal = [Float](repeating: 0, count: image.height * width * 4)
    var premultiplied = [Float](repeating: 0, count: image.width * 4)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let i = y * stride + x * 4
        let alpha = Float(source[i + 3]) / 255
        premultiplied[x * 4] = Float(source[i]) * alpha
        premultiplied[x * 4 + 1] = Float(source[i + 1]) * alpha
        premultiplied[x * 4 + 2] = Float(source[i + 2]) * alpha
        premultiplied[x * 4 + 3] = alpha
      }
      for (outX, span) in columns.enumerated() {
        var sums: (Float, Float, Float, Float) = (0, 0, 0, 0)
        for (k, weight) in span.weights.enumerated() {
          let j = (span.first + k) * 4
          sums.0 += premultiplied[j] * weight
          sums.1 += premultiplied[j + 1] * weight
          sums.2 += premultiplied[j + 2] * weight
          sums.3 += premultiplied[j + 3] * weight
        }
        let o = (y * width + outX) * 4
        horizontal[o] = sums.0
        horizontal[o + 1] = sums.1
        horizontal[o + 2] = sums.2
        horizontal[o + 3] = sums.3
      }
    }

    // Columns pass.
    var output = [Float](repeating: 0, count: width * height * 4)
    for (outY, span) in rows.enumerated() {
      for (k, weight) in span.weights.enumerated() {
        let rowStart = (span.first + k) * width * 4
        let outStart = outY * width * 4
        for i in 0..<(width * 4) { output[outStart + i] += horizontal[rowStart + i] * weight }
      }
    }
    self.pixels = output
  }

  /// The input pixels each output pixel covers, and by what fraction of its area.
  struct Span {
    var first: Int
    var weights: [Float]
  }

  static func weights(from inputSize: Int, to outputSize: Int) -> [Span] {
    let scale = Double(inputSize) / Double(outputSize)
    return (0..<outputSize).map { i in
      let start = Double(i) * scale
      let end = Double(i + 1) * scale
      let first = Int(start.rounded(.down))
      let last = min(inputSize - 1, Int(end.rounded(.up)) - 1)
      var weights: [Float] = []
      for pixel in first...max(first, last) {
        let covered = min(end, Double(pixel + 1)) - max(start, Double(pixel))
        weights.append(Float(max(0, covered) / scale))
      }
      return Span(first: first, weights: weights)
    }
  }
}
