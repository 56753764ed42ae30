import ImageDecoding

/// The graphics-protocol backend: the image resized to the pixels of its cells (an exact
/// area average, as the half blocks use), then encoded as PNG (kitty, iTerm2) or sixels.
/// Falls back to half blocks if encoding fails.
public struct GraphicsPreviews: PreviewBackend {
  public var graphics: GraphicsProtocol
  public var cell: CellSize
  /// The area average, the background and the half-block fallback.
  public var renderer: ImageRenderer
  public var sixel: SixelEncoder

  public init(
    _ graphics: GraphicsProtocol, cell: CellSize = .fallback,
    renderer: ImageRenderer = ImageRenderer(), sixel: SixelEncoder = SixelEncoder()
  ) {
    self.graphics = graphics
    self.cell = cell
    self.renderer = renderer
    self.sixel = sixel
  }

  public func preview(_ image: PixelImage, fittingColumns columns: Int, rows: Int) -> Preview {
    let layout = PixelLayout(
      imageWidth: image.width, imageHeight: image.height, columns: columns, rows: rows,
      cell: cell)
    let pixels = renderer.pixels(
      image, width: layout.pixelWidth, height: layout.pixelHeight, cell: cell)
    let data: [UInt8]
    switch graphics {
    case .sixel:
      data = sixel.encode(pixels)
    case .kitty, .iterm:
      guard let png = try? PNGEncoder.encode(pixels) else {
        return HalfBlockPreviews(renderer).preview(image, fittingColumns: columns, rows: rows)
      }
      data = png
    }
    return .graphic(
      GraphicPreview(
        graphics: graphics, columns: layout.columns, rows: layout.rows,
        pixelWidth: layout.pixelWidth, pixelHeight: layout.pixelHeight, data: data))
  }
}

extension GraphicPreview {
  /// The sequence that draws the picture at the cursor, as `show` prints it (the cursor
  /// ends past it); inside tmux, kitty and iTerm2 sequences go through its passthrough.
  public func inline(insideTmux: Bool = false) -> [UInt8] {
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
