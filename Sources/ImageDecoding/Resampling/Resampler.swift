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
    let boxX = max(1, image.width / (2 * width))
    let boxY = max(1, image.height / (2 * height))
    let boxed = boxShrink(image, byX: boxX, byY: boxY)
    let horizontal = FilterWeights(from: boxed.width, to: width)
    let vertical = FilterWeights(from: boxed.height, to: height)
    let pixels = reduce(boxed, horizontal: horizontal, vertical: vertical)
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// Premultiplied float RGBA planes, row-major.
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
    let width = image.width
    let height = image.height
    image.pixels.withUnsafeBufferPointer { input in
      values.withUnsafeMutableBufferPointer { output in
        let out = output.baseAddress!
        for oy in 0..<outHeight {
          let y0 = oy * byY
          let y1 = min(y0 + byY, height)
          let row = out + oy * outWidth * 4
          for y in y0..<y1 {
            let line = input.baseAddress! + y * width * 4
            for ox in 0..<outWidth {
              let x0 = ox * byX
              let x1 = min(x0 + byX, width)
              var sum = SIMD4<Float>(repeating: 0)
              var p = line + x0 * 4
              for _ in x0..<x1 {
                let alpha = Float(p[3])
                let scale = alpha * (1 / 255)
                sum += SIMD4(Float(p[0]) * scale, Float(p[1]) * scale, Float(p[2]) * scale, alpha)
                p += 4
              }
              let cell = UnsafeMutableRawPointer(row + ox * 4)
              let previous = cell.loadUnaligned(as: SIMD4<Float>.self)
              cell.storeBytes(of: previous + sum, as: SIMD4<Float>.self)
            }
          }
          for ox in 0..<outWidth {
            let count = Float((min(ox * byX + byX, width) - ox * byX) * (y1 - y0))
            let cell = UnsafeMutableRawPointer(row + ox * 4)
            let total = cell.loadUnaligned(as: SIMD4<Float>.self)
            cell.storeBytes(of: total / count, as: SIMD4<Float>.self)
          }
        }
      }
    }
    return FloatImage(width: outWidth, height: outHeight, values: values)
  }

  /// The separable Lanczos3 pass, horizontal then vertical, back to straight-alpha bytes.
  static func reduce(
    _ image: FloatImage, horizontal: FilterWeights, vertical: FilterWeights
  ) -> [UInt8] {
    let inWidth = image.width
    let outWidth = horizontal.outputCount
    let outHeight = vertical.outputCount
    var middle = [Float](repeating: 0, count: outWidth * image.height * 4)
    image.values.withUnsafeBufferPointer { input in
      middle.withUnsafeMutableBufferPointer { output in
        horizontal.weights.withUnsafeBufferPointer { weights in
          horizontal.starts.withUnsafeBufferPointer { starts in
            for y in 0..<image.height {
              let line = UnsafeRawPointer(input.baseAddress! + y * inWidth * 4)
              let out = UnsafeMutableRawPointer(output.baseAddress! + y * outWidth * 4)
              for x in 0..<outWidth {
                var sum = SIMD4<Float>(repeating: 0)
                let start = starts[x]
                let w = weights.baseAddress! + x * horizontal.taps
                for tap in 0..<horizontal.taps {
                  let pixel = line.loadUnaligned(
                    fromByteOffset: (start + tap) * 16, as: SIMD4<Float>.self)
                  sum += pixel * w[tap]
                }
                out.storeBytes(of: sum, toByteOffset: x * 16, as: SIMD4<Float>.self)
              }
            }
          }
        }
      }
    }
    var result = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    var accumulator = [SIMD4<Float>](repeating: .zero, count: outWidth)
    middle.withUnsafeBufferPointer { input in
      result.withUnsafeMutableBufferPointer { output in
        accumulator.withUnsafeMutableBufferPointer { row in
          vertical.weights.withUnsafeBufferPointer { weights in
            for y in 0..<outHeight {
              for x in 0..<outWidth { row[x] = .zero }
              let start = vertical.starts[y]
              for tap in 0..<vertical.taps {
                let weight = weights[y * vertical.taps + tap]
                if weight == 0 { continue }
                let line = UnsafeRawPointer(input.baseAddress! + (start + tap) * outWidth * 4)
                for x in 0..<outWidth {
                  row[x] +=
                    line.loadUnaligned(fromByteOffset: x * 16, as: SIMD4<Float>.self) * weight
                }
              }
              let out = output.baseAddress! + y * outWidth * 4
              for x in 0..<outWidth {
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
