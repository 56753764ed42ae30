import ImageDecoding

extension ImageRenderer {
  /// The image resized to exactly `width` × `height` pixels with the same area average as
  /// the half blocks, composited over ``background`` (whose checkerboard squares are
  /// 2 × 1 cells of `cell`), as 8-bit RGBA: opaque, or under `.terminal` fully transparent
  /// where less than half covered.
  public func pixels(_ image: PixelImage, width: Int, height: Int, cell: CellSize) -> PixelImage {
    let width = max(1, width)
    let height = max(1, height)
    guard image.width > 0, image.height > 0 else { return PixelImage(width: width, height: height) }
    let average = AreaAverage(image, width: width, height: height)
    let background = background
    // The checkerboard's column (even or odd square) of each pixel column, worked out once:
    // a division per pixel costs more than the compositing.
    let squares = (0..<width).map { x in (x / cell.width / 2) % 2 }
    let out = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
      average.pixels.withUnsafeBufferPointer { average in
        for y in 0..<height {
          let row = 2 * y / cell.height
          let unders = (background.color(x: 0, y: row), background.color(x: 2, y: row))
          for x in 0..<width {
            let i = (y * width + x) * 4
            let alpha = average[i + 3]
            var channels = (average[i], average[i + 1], average[i + 2])
            if let under = squares[x] == 0 ? unders.0 : unders.1 {
              let rest = 1 - alpha
              channels.0 += rest * Float(under.r)
              channels.1 += rest * Float(under.g)
              channels.2 += rest * Float(under.b)
            } else if alpha < 0.5 {
              (out[i], out[i + 1], out[i + 2], out[i + 3]) = (0, 0, 0, 0)
              continue
            } else {
              channels = (channels.0 / alpha, channels.1 / alpha, channels.2 / alpha)
            }
            out[i] = byte(channels.0)
            out[i + 1] = byte(channels.1)
            out[i + 2] = byte(channels.2)
            out[i + 3] = 255
          }
        }
      }
      initialized = width * height * 4
    }
    return PixelImage(width: width, height: height, pixels: out)
  }
}
