import ImageDecoding

/// Draws a ``PixelImage`` as Unicode half blocks: each cell shows two pixels, the top one
/// in the foreground of `▀` and the bottom one in its background (or the other way round
/// with `▄`, or a space, whichever reuses the colours already set and so costs fewer bytes).
///
/// The image is shrunk with an exact area average (``AreaAverage``), composited over the
/// ``ImageBackground``, and quantized to the ``ColorMode``. Under `.none` it is drawn with
/// shade characters (` ░▒▓█`) by luminance, with no colours at all. This is what chafa's
/// `--symbols vhalf` does.
public struct ImageRenderer: Sendable, Equatable {
  public var colorMode: ColorMode
  public var background: ImageBackground
  /// The largest per-channel difference at which a colour already set may be reused for a
  /// pixel instead of sending its exact colour (0: always exact).
  public var reuseTolerance: Int
  /// How many bytes one unit of squared colour error is worth when choosing between an
  /// exact colour and a reused one.
  public var bytesPerSquaredError: Double

  public init(
    colorMode: ColorMode = .truecolor, background: ImageBackground = .checkerboard,
    reuseTolerance: Int = 2, bytesPerSquaredError: Double = 2.5
  ) {
    self.colorMode = colorMode
    self.background = background
    self.reuseTolerance = reuseTolerance
    self.bytesPerSquaredError = bytesPerSquaredError
  }

  /// The image fitted inside `columns` × `rows` cells, aspect kept, in a buffer of exactly
  /// the cells it needs (no padding).
  public func render(_ image: PixelImage, fittingColumns columns: Int, rows: Int) -> CellBuffer {
    let layout = ImageLayout(
      imageWidth: image.width, imageHeight: image.height, columns: columns, rows: rows)
    return render(image, pixelWidth: layout.pixelWidth, pixelHeight: layout.pixelHeight)
  }

  /// A `columns` × `rows` buffer with the image fitted and centred in it, the rest blank.
  public func renderCentred(_ image: PixelImage, columns: Int, rows: Int) -> CellBuffer {
    let layout = ImageLayout(
      imageWidth: image.width, imageHeight: image.height, columns: columns, rows: rows)
    var buffer = CellBuffer(width: columns, height: rows)
    buffer.blit(
      render(image, pixelWidth: layout.pixelWidth, pixelHeight: layout.pixelHeight),
      x: layout.x, y: layout.y)
    return buffer
  }

  /// The image resized to exactly `pixelWidth` × `pixelHeight` half-block pixels; an odd
  /// height leaves the bottom half of the last row in the terminal's background.
  public func render(_ image: PixelImage, pixelWidth: Int, pixelHeight: Int) -> CellBuffer {
    let columns = max(1, pixelWidth)
    let rows = (max(1, pixelHeight) + 1) / 2
    guard image.width > 0, image.height > 0 else { return CellBuffer(width: columns, height: rows) }
    let average = AreaAverage(image, width: columns, height: max(1, pixelHeight))
    let colours = composite(average)
    if colorMode == .none { return shades(colours, width: columns, rows: rows) }
    return halfBlocks(colours, width: columns, rows: rows)
  }

  /// Each output pixel over the background, rounded to 8 bits; `nil` where the terminal's
  /// background shows.
  private func composite(_ average: AreaAverage) -> [RGB?] {
    var out = [RGB?](repeating: nil, count: average.width * average.height)
    for y in 0..<average.height {
      for x in 0..<average.width {
        let i = (y * average.width + x) * 4
        let alpha = average.pixels[i + 3]
        var channels = (average.pixels[i], average.pixels[i + 1], average.pixels[i + 2])
        if let under = background.color(x: x, y: y) {
          let rest = 1 - alpha
          channels.0 += rest * Float(under.r)
          channels.1 += rest * Float(under.g)
          channels.2 += rest * Float(under.b)
        } else if alpha < 0.5 {
          continue
        } else {
          channels = (channels.0 / alpha, channels.1 / alpha, channels.2 / alpha)
        }
        out[y * average.width + x] = RGB(byte(channels.0), byte(channels.1), byte(channels.2))
      }
    }
    return out
  }

  private func halfBlocks(_ colours: [RGB?], width: Int, rows: Int) -> CellBuffer {
    var buffer = CellBuffer(width: width, height: rows)
    let height = colours.count / width
    var scratch: [UInt8] = []
    for row in 0..<rows {
      // Cells are chosen for a pen that starts each row at the default, as AnsiText and
      // a left-to-right frame emit them.
      var pen = CellStyle.plain
      for x in 0..<width {
        let top = terminalColor(colours[2 * row * width + x])
        let bottomY = 2 * row + 1
        let bottom = bottomY < height ? terminalColor(colours[bottomY * width + x]) : .default
        let cell = cheapestCell(top: top, bottom: bottom, pen: pen, scratch: &scratch)
        buffer[x, row] = cell
        pen = cell.style
      }
    }
    return buffer
  }

  private func terminalColor(_ rgb: RGB?) -> TerminalColor {
    guard let rgb else { return .default }
    return TerminalColor.rgb(rgb).adapted(to: colorMode)
  }

  /// The glyph and style that show `top` over `bottom` in the fewest bytes from `pen`.
  ///
  /// A colour already set in the pen may stand in for a pixel that differs from it by at
  /// most ``reuseTolerance`` per channel, when the bytes saved outweigh the error
  /// (``bytesPerSquaredError``).
  private func cheapestCell(
    top: TerminalColor, bottom: TerminalColor, pen: CellStyle, scratch: inout [UInt8]
  ) -> Cell {
    var best = Cell(" ")
    var bestCost = Double.infinity
    for (shownTop, topError) in standIns(for: top, pen: pen) {
      for (shownBottom, bottomError) in standIns(for: bottom, pen: pen) {
        let error = Double(topError + bottomError) * bytesPerSquaredError
        for candidate in glyphs(top: shownTop, bottom: shownBottom, pen: pen) {
          scratch.removeAll(keepingCapacity: true)
          SGR.transition(from: pen, to: candidate.style, into: &scratch)
          let cost = Double(scratch.count + candidate.character.utf8.count) + error
          if cost < bestCost {
            bestCost = cost
            best = candidate
          }
        }
      }
    }
    return best
  }

  /// `color` itself, and the pen's colours close enough to show instead, with the squared
  /// error each would make.
  private func standIns(for color: TerminalColor, pen: CellStyle) -> [(TerminalColor, Int)] {
    var out = [(color, 0)]
    guard reuseTolerance > 0, case .rgb(let wanted) = color else { return out }
    for candidate in [pen.foreground, pen.background] {
      guard case .rgb(let shown) = candidate, candidate != color else { continue }
      let dr = Int(wanted.r) - Int(shown.r)
      let dg = Int(wanted.g) - Int(shown.g)
      let db = Int(wanted.b) - Int(shown.b)
      if max(abs(dr), abs(dg), abs(db)) <= reuseTolerance {
        out.append((candidate, dr * dr + dg * dg + db * db))
      }
    }
    return out
  }

  /// The cells that show `top` over `bottom`: a space or a full block when they are the
  /// same, else an upper or a lower half block.
  private func glyphs(top: TerminalColor, bottom: TerminalColor, pen: CellStyle) -> [Cell] {
    if top == bottom {
      var cells = [Cell(" ", foreground: pen.foreground, background: top)]
      if top != .default { cells.append(Cell("█", foreground: top, background: pen.background)) }
      return cells
    }
    var cells: [Cell] = []
    if bottom != .default { cells.append(Cell("▄", foreground: bottom, background: top)) }
    if top != .default { cells.append(Cell("▀", foreground: top, background: bottom)) }
    return cells
  }

  private func shades(_ colours: [RGB?], width: Int, rows: Int) -> CellBuffer {
    let ramp: [Character] = [" ", "░", "▒", "▓", "█"]
    var buffer = CellBuffer(width: width, height: rows)
    let height = colours.count / width
    for row in 0..<rows {
      for x in 0..<width {
        var sum = colours[2 * row * width + x]?.luminance ?? 0
        var count = 1.0
        if 2 * row + 1 < height {
          sum += colours[(2 * row + 1) * width + x]?.luminance ?? 0
          count += 1
        }
        buffer[x, row] = Cell(ramp[Int((sum / count * 4).rounded())])
      }
    }
    return buffer
  }
}

func byte(_ value: Float) -> UInt8 {
  // `rounded()` on a value already clamped, without the C call: ties away from zero.
  let clamped = min(255, max(0, value))
  let whole = UInt8(clamped)
  // An add instead of a branch: the halves fall either way at random. (Never past 255:
  // from 254.5 up `whole` is 254 or the fraction is 0.)
  return whole &+ (clamped - Float(whole) >= 0.5 ? 1 : 0)
}
