/// Where an image goes in a box of cells: the largest size that keeps its aspect ratio
/// (cells taken as twice as tall as wide, so one cell is two square pixels) and the offset
/// that centres it.
public struct ImageLayout: Sendable, Hashable {
  /// Pixels of the half-block image: one per column, two per row.
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// Cells the image occupies.
  public var columns: Int { pixelWidth }
  public var rows: Int { (pixelHeight + 1) / 2 }
  /// The image's top-left cell inside the box.
  public var x: Int
  public var y: Int

  /// The layout of an `imageWidth` × `imageHeight` image fitted inside `columns` × `rows`
  /// cells and centred; never smaller than one cell.
  public init(imageWidth: Int, imageHeight: Int, columns: Int, rows: Int) {
    let boxWidth = max(1, columns)
    let boxHeight = max(1, rows) * 2
    let width = Double(max(1, imageWidth))
    let height = Double(max(1, imageHeight))
    let scale = min(Double(boxWidth) / width, Double(boxHeight) / height)
    pixelWidth = min(boxWidth, max(1, Int((width * scale).rounded())))
    pixelHeight = min(boxHeight, max(1, Int((height * scale).rounded())))
    x = (boxWidth - pixelWidth) / 2
    y = (max(1, rows) - (pixelHeight + 1) / 2) / 2
  }
}
