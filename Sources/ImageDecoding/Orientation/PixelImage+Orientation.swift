extension PixelImage {
  /// This image displayed upright according to `orientation` (the transform iOS applies
  /// when it draws a `UIImage` whose `imageOrientation` is not `.up`).
  public func applying(_ orientation: ImageOrientation) -> PixelImage {
    if orientation == .up { return self }
    let outWidth = orientation.swapsWidthAndHeight ? height : width
    let outHeight = orientation.swapsWidthAndHeight ? width : height
    let (w, h) = (width, height)
    // Output (x, y) takes stored pixel (sx, sy) = origin + x·dx + y·dy.
    let (origin, dx, dy): ((Int, Int), (Int, Int), (Int, Int))
    switch orientation {
    case .up: (origin, dx, dy) = ((0, 0), (1, 0), (0, 1))
    case .upMirrored: (origin, dx, dy) = ((w - 1, 0), (-1, 0), (0, 1))
    case .down: (origin, dx, dy) = ((w - 1, h - 1), (-1, 0), (0, -1))
    case .downMirrored: (origin, dx, dy) = ((0, h - 1), (1, 0), (0, -1))
    case .leftMirrored: (origin, dx, dy) = ((0, 0), (0, 1), (1, 0))
    case .right: (origin, dx, dy) = ((0, h - 1), (0, -1), (1, 0))
    case .rightMirrored: (origin, dx, dy) = ((w - 1, h - 1), (0, -1), (-1, 0))
    case .left: (origin, dx, dy) = ((w - 1, 0), (0, 1), (-1, 0))
    }
    var output = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    pixels.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { out in
        let stepX = (dx.0 + dx.1 * w) * 4
        var to = 0
        for y in 0..<outHeight {
          var from = ((origin.0 + y * dy.0) + (origin.1 + y * dy.1) * w) * 4
          for _ in 0..<outWidth {
            out.storeBytes(
              of: input.loadUnaligned(fromByteOffset: from, as: UInt32.self),
              toByteOffset: to, as: UInt32.self)
            to += 4
            from += stepX
          }
        }
      }
    }
    return PixelImage(width: outWidth, height: outHeight, pixels: output)
  }
}
