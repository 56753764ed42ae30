import ImageDecoding

/// The graphics-protocol backend: the image resized to the pixels of its cells (an exact
/// area average, as the half blocks use), for the terminal to draw; it is encoded (PNG for
/// kitty and iTerm2, sixels) when sent.
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
    return .graphic(
      GraphicPreview(
        graphics: graphics, columns: layout.columns, rows: layout.rows, image: pixels,
        sixel: sixel, fallback: renderer))
  }
}
