import ImageDecoding

/// How an image becomes a preview in a box of cells: as cells (half blocks, shades) or as a
/// picture the terminal draws itself (a graphics protocol).
///
/// `show`, the gallery's tiles, its full-screen preview and the prompts' samples all go
/// through one backend, chosen once from the terminal's capabilities.
public protocol PreviewBackend: Sendable {
  /// The image fitted inside `columns` × `rows` cells, aspect kept, using only the cells it
  /// needs (no padding).
  func preview(_ image: PixelImage, fittingColumns columns: Int, rows: Int) -> Preview
}

extension PreviewBackend {
  /// The pixels a `columns` × `rows` box shows at most: two half-block pixels a cell, or
  /// the terminal's cell size in pixels under a graphics protocol. A picture decoded to fit
  /// this is shown at full detail without being enlarged.
  public func pixelBox(columns: Int, rows: Int) -> (width: Int, height: Int) {
    if let graphics = self as? GraphicsPreviews {
      return (columns * graphics.cell.width, rows * graphics.cell.height)
    }
    return (columns, rows * 2)
  }

  /// The preview centred in a `columns` × `rows` box: cells blitted into a blank buffer of
  /// the box's size, a graphic offset to the box's centre.
  public func previewCentred(_ image: PixelImage, columns: Int, rows: Int) -> Preview {
    let fitted = preview(image, fittingColumns: columns, rows: rows)
    let x = max(0, (columns - fitted.columns) / 2)
    let y = max(0, (rows - fitted.rows) / 2)
    switch fitted {
    case .cells(let cells):
      var buffer = CellBuffer(width: max(1, columns), height: max(1, rows))
      buffer.blit(cells, x: x, y: y)
      return .cells(buffer)
    case .graphic(var graphic):
      graphic.offsetX += x
      graphic.offsetY += y
      return .graphic(graphic)
    }
  }
}

/// One image preview: cells to draw like text, or a graphic for the terminal to place.
public enum Preview: Sendable, Equatable {
  case cells(CellBuffer)
  case graphic(GraphicPreview)

  /// Columns it covers.
  public var columns: Int {
    switch self {
    case .cells(let cells): return cells.width
    case .graphic(let graphic): return graphic.offsetX + graphic.columns
    }
  }

  /// Rows it covers.
  public var rows: Int {
    switch self {
    case .cells(let cells): return cells.height
    case .graphic(let graphic): return graphic.offsetY + graphic.rows
    }
  }

  /// The cells to draw: the cells themselves, or blanks of the graphic's footprint (which
  /// the terminal then covers with the picture).
  public var cells: CellBuffer {
    switch self {
    case .cells(let cells): return cells
    case .graphic: return CellBuffer(width: max(1, columns), height: max(1, rows))
    }
  }
}

/// The half-block backend: ``ImageRenderer`` (shades under `ColorMode.none`). The reference
/// path, and the fallback of every other backend.
public struct HalfBlockPreviews: PreviewBackend {
  public var renderer: ImageRenderer

  public init(_ renderer: ImageRenderer = ImageRenderer()) {
    self.renderer = renderer
  }

  public func preview(_ image: PixelImage, fittingColumns columns: Int, rows: Int) -> Preview {
    .cells(renderer.render(image, fittingColumns: columns, rows: rows))
  }
}
