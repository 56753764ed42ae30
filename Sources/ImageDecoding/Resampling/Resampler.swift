/// Shrinks RGBA images with the libvips recipe: an exact area-average box shrink by the
/// integer part of the factor (leaving at most a 2× reduction), then a separable Lanczos3
/// reduce to the exact size. Colour is premultiplied by alpha while it is averaged, so
/// transparent pixels lend no colour to their neighbours (no dark fringes).
///
/// Everything runs on preallocated `Float` buffers through unsafe pointers, with the filter
/// weights computed once per axis: no allocation per pixel and no bounds checks per tap.
enum Resampler {
  /// `image` scaled to `width` × `height` (both at least 1). Enlarging is allowed but
  /// ``ImageDecoder`` never asks for it.
  static func resize(_ image: PixelImage, width: Int, height: Int) -> PixelImage {
    precondition(width > 0 && height > 0)
    if width == image.width && height == image.height { return image }
    if image.width == 0 || image.height == 0 { return PixelImage(width: width, height: height) }
    let box = (
      x: boxFactor(from: image.width, to: width), y: boxFactor(from: image.height, to: height)
    )
    let boxWidth = (image.width + box.x - 1) / box.x
    let boxHeight = (image.height + box.y - 1) / box.y
    let horizontal = FilterWeights(from: boxWidth, to: width)
    let vertical = FilterWeights(from: boxHeight, to: height)
    // Box-shrink one row at a time and filter it horizontally at once, so the only
    // full-height buffer is the narrow one between the two Lanczos passes.
    var middle = [Float](repeating: 0, count: width * boxHeight * 4)
    var row = [Float](repeating: 0, count: boxWidth * 4)
    image.pixels.withUnsafeBufferPointer { input in
      middle.withUnsafeMutableBufferPointer { middle in
        row.withUnsafeMutableBufferPointer { row in
          for y in 0..<boxHeight {
            boxRow(
              input.baseAddress!, width: image.width, height: image.height, row: y, by: box,
              into: row.baseAddress!)
            horizontal.apply(
              to: UnsafeRawPointer(row.baseAddress!),
              into: UnsafeMutableRawPointer(middle.baseAddress! + y * width * 4))
          }
        }
      }
    }
    let pixels = verticalPass(middle, width: width, weights: vertical)
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// The box shrink of one axis going from `from` to `to` pixels: the integer part of the
  /// factor that leaves at least a 2× reduction to Lanczos, at least 1.
  static func boxFactor(from: Int, to: Int) -> Int {
    max(1, from / (2 * max(1, to)))
  }

  /// Premultiplied float RGBA, row-major.
  struct FloatImage {
    var width: Int
    var height: Int
    var values: [Float]
  }

  /// Area-averages blocks of `byX` × `byY` pixels (the last, partial blocks over what they
  /// hold), premultiplying colour by alpha on the way in.
  static func boxShrink(_ image: PixelImage, byX: Int, byY: Int) -> FloatImage {
    let outWidth = (image.width + byX - 1) / byX
    let outHeight = (image.height + byY - 1) / byY
    var values = [Float](repeating: 0, count: outWidth * outHeight * 4)
    image.pixels.withUnsafeBufferPointer { input in
      values.withUnsafeMutableBufferPointer { output in
        for y in 0..<outHeight {
          boxRow(
            input.baseAddress!, width: image.width, height: image.height, row: y,
            by: (byX, byY), into: output.baseAddress! + y * outWidth * 4)
        }
      }
    }
    return FloatImage(width: outWidth, height: outHeight, values: values)
  }

  /// One row of the box shrink: output row `row` averages source rows
  /// `row·by.y ..< (row+1)·by.y`, in blocks of `by.x` columns, premultiplied.
  @inline(__always)
  static func boxRow(
    _ input: UnsafePointer<UInt8>, width: Int, height: Int, row: Int, by: (x: Int, y: Int),
    into out: UnsafeMutablePointer<Float>
  ) {
    let outWidth = (width + by.x - 1) / by.x
    let y0 = row * by.y
    let y1 = min(y0 + by.y, height)
    let raw = UnsafeMutableRawPointer(out)
    for ox in 0..<outWidth {
      let x0 = ox * by.x
      let x1 = min(x0 + by.x, width)
      var sum = SIMD4<Float>(repeating: 0)
      for y in y0..<y1 {
        var p = input + (y * width + x0) * 4
        for _ in x0..<x1 {
          let alpha = Float(p[3])
          let scale = alpha * (1 / 255)
          sum += SIMD4(Float(p[0]) * scale, Float(p[1]) * scale, Float(p[2]) * scale, alpha)
          p += 4
        }
      }
      let count = Float((x1 - x0) * (y1 - y0))
      raw.storeBytes(of: sum / count, toByteOffset: ox * 16, as: SIMD4<Float>.self)
    }
  }

  /// The vertical Lanczos pass over the horizontally filtered rows, back to straight-alpha
  /// bytes.
  static func verticalPass(_ middle: [Float], width: Int, weights vertical: FilterWeights)
    -> [UInt8]
  {
    let outHeight = vertical.outputCount
    var result = [UInt8](repeating: 0, count: width * outHeight * 4)
    var accumulator = [SIMD4<Float>](repeating: .zero, count: width)
    middle.withUnsafeBufferPointer { input in
      result.withUnsafeMutableBufferPointer { output in
        accumulator.withUnsafeMutableBufferPointer { row in
          vertical.weights.withUnsafeBufferPointer { weights in
            for y in 0..<outHeight {
              for x in 0..<width { row[x] = .zero }
              let start = vertical.starts[y]
              for tap in 0..<vertical.taps {
                let weight = weights[y * vertical.taps + tap]
                if weight == 0 { continue }
                let line = UnsafeRawPointer(input.baseAddress! + (start + tap) * width * 4)
                for x in 0..<width {
                  row[x] +=
                    line.loadUnaligned(fromByteOffset: x * 16, as: SIMD4<Float>.self) * weight
                }
              }
              let out = output.baseAddress! + y * width * 4
              for x in 0..<width {
                store(row[x], to: out + x * 4)
              }
            }
          }
        }
      }
    }
    return result
  }

  /// Un-premultiplies one accumulated pixel and rounds it to bytes.
  @inline(__always)
  private static func store(_ value: SIMD4<Float>, to out: UnsafeMutablePointer<UInt8>) {
    let alpha = min(max(value[3], 0), 255)
    if alpha < 0.5 {
      out.update(repeating: 0, count: 4)
      return
    }
    let colour = SIMD4(value[0], value[1], value[2], 0)
      .clamped(lowerBound: .zero, upperBound: SIMD4(repeating: alpha))
    let straight = colour * (255 / alpha) + 0.5
    out[0] = UInt8(min(straight[0], 255))
    out[1] = UInt8(min(straight[1], 255))
    out[2] = UInt8(min(straight[2], 255))
    out[3] = UInt8(alpha + 0.5)
  }
}
