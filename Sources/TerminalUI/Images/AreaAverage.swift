import ImageDecoding

/// An area-average (box filter) resize, in sRGB code values, with alpha premultiplied.
///
/// Each output pixel is the mean of the input pixels whose centres lie in the area it covers
/// (the box filter of Pillow and libvips). It is separable: rows first, then columns. Alpha is
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

    // Rows pass: every input row shrunk to `width` pixels. (Unchecked buffers: the spans
    // lie inside the row, the arithmetic is the checked version's, in the same order.)
    var horizontal = [Float](repeating: 0, count: image.height * width * 4)
    var premultiplied = [Float](repeating: 0, count: image.width * 4)
    source.withUnsafeBufferPointer { source in
      horizontal.withUnsafeMutableBufferPointer { horizontal in
        premultiplied.withUnsafeMutableBufferPointer { premultiplied in
          for y in 0..<image.height {
            for x in 0..<image.width {
              let i = y * stride + x * 4
              let alpha = Float(source[i + 3]) / 255
              premultiplied[x * 4] = Float(source[i]) * alpha
              premultiplied[x * 4 + 1] = Float(source[i + 1]) * alpha
              premultiplied[x * 4 + 2] = Float(source[i + 2]) * alpha
              premultiplied[x * 4 + 3] = alpha
            }
            for outX in 0..<columns.count {
              let span = columns[outX]
              var sums: (Float, Float, Float, Float) = (0, 0, 0, 0)
              span.weights.withUnsafeBufferPointer { weights in
                for k in 0..<weights.count {
                  let weight = weights[k]
                  let j = (span.first + k) * 4
                  sums.0 += premultiplied[j] * weight
                  sums.1 += premultiplied[j + 1] * weight
                  sums.2 += premultiplied[j + 2] * weight
                  sums.3 += premultiplied[j + 3] * weight
                }
              }
              let o = (y * width + outX) * 4
              horizontal[o] = sums.0
              horizontal[o + 1] = sums.1
              horizontal[o + 2] = sums.2
              horizontal[o + 3] = sums.3
            }
          }
        }
      }
    }

    // Columns pass.
    var output = [Float](repeating: 0, count: width * height * 4)
    horizontal.withUnsafeBufferPointer { horizontal in
      output.withUnsafeMutableBufferPointer { output in
        for outY in 0..<rows.count {
          let span = rows[outY]
          for (k, weight) in span.weights.enumerated() {
            let rowStart = (span.first + k) * width * 4
            let outStart = outY * width * 4
            for i in 0..<(width * 4) { output[outStart + i] += horizontal[rowStart + i] * weight }
          }
        }
      }
    }
    self.pixels = output
  }

  /// The input pixels each output pixel averages, and their weights.
  struct Span {
    var first: Int
    var weights: [Float]
  }

  /// Box weights as Pillow's `Image.BOX` and libvips' box shrink compute them: an output pixel
  /// averages, with equal weight, the input pixels whose centres fall inside its area.
  ///
  /// This matches the reference that preview fidelity is measured against; a fractional
  /// coverage filter differs from it by 41–56 dB on the sample photos (docs/04).
  static func weights(from inputSize: Int, to outputSize: Int) -> [Span] {
    let scale = Double(inputSize) / Double(outputSize)
    return (0..<outputSize).map { i in
      let start = Double(i) * scale
      let end = Double(i + 1) * scale
      // Input pixel j's centre is j + 0.5: include start < j + 0.5 <= end, as Pillow does.
      var first = Int((start - 0.5).rounded(.down)) + 1
      var last = Int((end - 0.5).rounded(.down))
      first = max(0, min(inputSize - 1, first))
      last = max(0, min(inputSize - 1, last))
      if last < first {
        // Enlarging: no centre falls inside, so take the nearest input pixel.
        let nearest = max(0, min(inputSize - 1, Int(((start + end) / 2).rounded(.down))))
        return Span(first: nearest, weights: [1])
      }
      let count = last - first + 1
      return Span(first: first, weights: [Float](repeating: 1 / Float(count), count: count))
    }
  }
}
