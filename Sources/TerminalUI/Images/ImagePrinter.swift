import ImageDecoding
import PhotoLibrary

/// Prints previews of image files to a terminal or a pipe, as `chafa` does (`photogate
/// show`): half blocks (shades under `NO_COLOR`), or real pixels through the protocol
/// ``GraphicsNegotiation`` agreed on; animated files play with ``AnimationPlayer``.
///
/// Pictures come from an ``ImagePipeline`` (the one the gallery and PhotoKitCompat use), so a
/// file already decoded in the process is not decoded again.
public struct ImagePrinter {
  /// A preview that could not be encoded for its protocol.
  public struct EncodeFailure: Error {}

  public var terminal: Terminal
  public var negotiation: GraphicsNegotiation
  public var renderer: ImageRenderer
  public var columns: Int
  public var rows: Int
  public var sixel: SixelEncoder
  public var pipeline: ImagePipeline

  public init(
    terminal: Terminal, negotiation: GraphicsNegotiation, renderer: ImageRenderer,
    columns: Int, rows: Int, sixel: SixelEncoder = SixelEncoder(),
    pipeline: ImagePipeline = .shared
  ) {
    self.terminal = terminal
    self.negotiation = negotiation
    self.renderer = renderer
    self.columns = columns
    self.rows = rows
    self.sixel = sixel
    self.pipeline = pipeline
  }

  /// How the pictures become output: the negotiated protocol, else half blocks.
  public var previews: any PreviewBackend {
    negotiation.graphics.map {
      GraphicsPreviews($0, cell: negotiation.cell, renderer: renderer, sixel: sixel)
    } ?? HalfBlockPreviews(renderer)
  }

  /// Prints the file at `path` (with `animate`, an animated file plays); throws a
  /// `DecodeError` naming the file, or ``EncodeFailure``.
  public func print(_ path: String, animate: Bool = false) throws {
    if animate, try ImageDecoder.info(ofFileAt: path).frameCount > 1 {
      try AnimationPlayer(terminal: terminal, renderer: renderer, columns: columns, rows: rows)
        .play(path)
      return
    }
    let image = try ImageRenderer.loadImage(path, columns: columns, rows: rows, pipeline: pipeline)
    switch previews.preview(image, fittingColumns: columns, rows: rows) {
    case .cells(let cells):
      terminal.write(AnsiText.encode(cells, colorMode: renderer.colorMode))
    case .graphic(let graphic):
      guard let bytes = graphic.inline(insideTmux: negotiation.insideTmux) else {
        throw EncodeFailure()
      }
      terminal.write(bytes + [0x0A])
    }
  }
}
