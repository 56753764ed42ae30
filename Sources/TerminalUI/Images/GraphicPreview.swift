import ImageDecoding

/// A picture the terminal draws itself over a box of cells: the exact downscale to the
/// cells' pixels, and the protocol to send it with (encoded when it is sent, see
/// ``encoded()``).
public struct GraphicPreview: Sendable, Equatable {
  /// The protocol it is sent with.
  public var graphics: GraphicsProtocol
  /// Cells covered by the picture.
  public var columns: Int
  public var rows: Int
  /// Where the picture starts inside its box, in cells.
  public var offsetX: Int
  public var offsetY: Int
  /// The picture, at its size on screen (RGBA, opaque or fully transparent pixels).
  public var image: PixelImage
  /// How sixels are encoded.
  public var sixel: SixelEncoder
  /// The half blocks drawn in the picture's place while it is encoded (``placeholder()``).
  public var fallback: ImageRenderer

  public init(
    graphics: GraphicsProtocol, columns: Int, rows: Int, offsetX: Int = 0, offsetY: Int = 0,
    image: PixelImage, sixel: SixelEncoder = SixelEncoder(),
    fallback: ImageRenderer = ImageRenderer()
  ) {
    self.graphics = graphics
    self.columns = columns
    self.rows = rows
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.image = image
    self.sixel = sixel
    self.fallback = fallback
  }

  public var pixelWidth: Int { image.width }
  public var pixelHeight: Int { image.height }

  /// The picture in the protocol's format: a PNG for kitty and iTerm2 (zlib level 1: the
  /// bytes go to a local terminal, where encoding time counts more than a few percent of
  /// size), the whole `DCS … ST` sequence for sixel; `nil` if PNG encoding fails.
  public func encoded() -> [UInt8]? {
    switch graphics {
    case .sixel: return sixel.encode(image)
    case .kitty, .iterm: return try? PNGEncoder.encode(image, compressionLevel: 1)
    }
  }

  /// The picture as ``GraphicsScreen`` sends it: for kitty the raw pixels (RGB, or RGBA
  /// when some are transparent; see ``KittyGraphics/transmit(pixels:width:height:id:)``),
  /// else ``encoded()``.
  public func screenEncoded() -> [UInt8]? {
    guard graphics == .kitty else { return encoded() }
    let pixels = image.pixels
    let count = image.width * image.height
    var opaque = true
    for i in 0..<count where pixels[i * 4 + 3] != 255 {
      opaque = false
      break
    }
    guard opaque else { return pixels }
    return [UInt8](unsafeUninitializedCapacity: count * 3) { rgb, initialized in
      for i in 0..<count {
        rgb[i * 3] = pixels[i * 4]
        rgb[i * 3 + 1] = pixels[i * 4 + 1]
        rgb[i * 3 + 2] = pixels[i * 4 + 2]
      }
      initialized = count * 3
    }
  }

  /// The picture as half blocks, centred in its `columns` × `rows` cells: what the screen
  /// shows until the picture itself is encoded and sent.
  public func placeholder() -> CellBuffer {
    fallback.renderCentred(image, columns: columns, rows: rows)
  }

  /// The sequence that draws the picture at the cursor, as `show` prints it (the cursor
  /// ends past it); inside tmux, kitty and iTerm2 sequences go through its passthrough.
  public func inline(insideTmux: Bool = false) -> [UInt8]? {
    guard let data = encoded() else { return nil }
    switch graphics {
    case .kitty:
      let bytes = KittyGraphics.display(png: data)
      return insideTmux ? TmuxPassthrough.wrapEach(bytes) : bytes
    case .iterm:
      let bytes = ITermGraphics.display(png: data, width: pixelWidth, height: pixelHeight)
      return insideTmux ? TmuxPassthrough.wrap(bytes) : bytes
    case .sixel:
      return data
    }
  }
}

/// The terminal graphics protocols previews can use.
public enum GraphicsProtocol: String, Sendable, Hashable, CaseIterable {
  /// kitty's graphics protocol (`ESC _ G … ESC \`): kitty, WezTerm, Ghostty, Konsole.
  case kitty
  /// DEC sixel (`ESC P … q … ESC \`): xterm -ti vt340, foot, mlterm, WezTerm, Windows
  /// Terminal.
  case sixel
  /// iTerm2's inline images (`ESC ] 1337 ; File=… BEL`): iTerm2, WezTerm.
  case iterm
}
