#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  import ImageDecoding
  import PhotoKitCompat

  /// Draws the Live Photo badge: a dot, a ring and a dashed outer ring (the Live Photos
  /// symbol), 28 points square at the screen's scale, struck through for `.liveOff`, light on
  /// a translucent dark disc for `.overContent`, dark grey on clear otherwise.
  enum LivePhotoBadge {
    static let points: CGFloat = 28

    static func image(options: PHLivePhotoBadgeOptions) -> UIImage {
      let scale = UIScreen.main.scale
      let side = Int(points * scale)
      var pixels = PixelImage(width: side, height: side)
      let over = options.contains(.overContent)
      let ink: (UInt8, UInt8, UInt8) = over ? (255, 255, 255) : (60, 60, 60)
      let size = Double(side)
      for y in 0..<side {
        for x in 0..<side {
          // Four samples per pixel, for smooth edges.
          var inked = 0
          var disc = 0
          for sample in 0..<4 {
            let px = (Double(x) + 0.25 + 0.5 * Double(sample % 2)) / size - 0.5
            let py = (Double(y) + 0.25 + 0.5 * Double(sample / 2)) / size - 0.5
            if isInk(px, py, liveOff: options.contains(.liveOff)) { inked += 1 }
            if (px * px + py * py).squareRoot() <= 0.5 { disc += 1 }
          }
          let index = (y * side + x) * 4
          let inkAlpha = Double(inked) / 4
          let backAlpha = over ? Double(disc) / 4 * 0.35 : 0
          let alpha = inkAlpha + backAlpha * (1 - inkAlpha)
          guard alpha > 0 else { continue }
          func blend(_ value: UInt8) -> UInt8 {
            UInt8((Double(value) * inkAlpha / alpha).rounded())
          }
          pixels.pixels[index] = blend(ink.0)
          pixels.pixels[index + 1] = blend(ink.1)
          pixels.pixels[index + 2] = blend(ink.2)
          pixels.pixels[index + 3] = UInt8((alpha * 255).rounded())
        }
      }
      return UIImage(pixels: pixels, scale: scale)
    }

    /// Whether the point (unit square, centred) is on the symbol.
    private static func isInk(_ x: Double, _ y: Double, liveOff: Bool) -> Bool {
      let radius = (x * x + y * y).squareRoot()
      let stroke = 0.025
      if liveOff {
        // The slash, from top left to bottom right, with a clear gap either side.
        let distance = abs(x - y) / 2.0.squareRoot()
        if distance <= stroke, abs(x) < 0.4 { return true }
        if distance <= stroke * 2.5 { return false }
      }
      if radius <= 0.1 { return true }
      if abs(radius - 0.22) <= stroke { return true }
      if abs(radius - 0.38) <= stroke {
        // Dashed: 24 dashes around the circle.
        let turn = (atan2(y, x) / (2 * Double.pi) + 1).truncatingRemainder(dividingBy: 1)
        return Int(turn * 48) % 2 == 0
      }
      return false
    }
  }
#endif
