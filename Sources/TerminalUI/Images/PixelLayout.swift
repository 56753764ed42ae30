/// The size of one terminal cell in pixels (`CSI 16 t`, or `TIOCGWINSZ`'s pixel size over
/// its cells).
public struct CellSize: Sendable, Hashable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
  }

  /// What previews assume when the terminal does not say: 10 × 20 pixels.
  public static let fallback = CellSize(width: 10, height: 20)
}

/// Where a picture goes in a box of cells, in pixels: the largest size that keeps the
/// image's aspect ratio inside `columns` × `rows` cells of ``CellSize``, and the cells it
/// covers.
public struct PixelLayout: Sendable, Hashable {
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// Cells the picture covers (the last ones partly).
  public var columns: Int
  public var rows: Int

  public init(imageWidth: Int, imageHeight: Int, columns: Int, rows: Int, cell: CellSize) {
    let boxWidth = max(1, columns) * cell.width
    let boxHeight = max(1, rows) * cell.height
    let width = Double(max(1, imageWidth))
    let height = Double(max(1, imageHeight))
    let scale = min(Double(boxWidth) / width, Double(boxHeight) / height)
    pixelWidth = min(boxWidth, max(1, Int((width * scale).rounded())))
    pixelHeight = min(boxHeight, max(1, Int((height * scale).rounded())))
    self.columns = (pixelWidth + cell.width - 1) / cell.width
    self.rows = (pixelHeight + cell.height - 1) / cell.height
  }
}
