/// The geometry of the gallery screen for a terminal size: a title row, a status row, the
/// thumbnail grid, a notice row and a key-hint row.
///
/// Tiles are about 24 columns wide (as many as fit), each a one-cell frame (drawn when
/// focused) around an image box of 4:3 pixels and the file name under it; on short
/// terminals the boxes get lower so that two rows fit. The grid's columns
/// and rows become PickerCore's `GridWindow` shape (`viewportResized`).
public struct GalleryLayout: Sendable, Equatable {
  /// The target width of a tile, frame included.
  public static let targetTileWidth = 24

  public let size: TerminalSize
  /// Tiles per row and visible rows.
  public let columns: Int
  public let rows: Int
  /// A tile's size in cells, frame included.
  public let tileWidth: Int
  public let tileHeight: Int
  /// The rows of a tile's image box (its columns are `tileWidth - 2`).
  public let imageRows: Int

  public init(size: TerminalSize) {
    self.size = size
    let columns = max(1, size.columns / Self.targetTileWidth)
    let tileWidth = max(3, size.columns / columns)
    let gridHeight = max(1, size.rows - 4)
    var imageRows = max(1, min((tileWidth - 2) * 3 / 8, gridHeight - 3))
    // Two rows of smaller tiles browse better than one row of big ones.
    if gridHeight / (imageRows + 3) < 2, gridHeight / 2 - 3 >= 4 { imageRows = gridHeight / 2 - 3 }
    self.columns = columns
    self.tileWidth = tileWidth
    self.imageRows = imageRows
    self.tileHeight = imageRows + 3
    self.rows = max(1, gridHeight / tileHeight)
  }

  /// The top row: app, iOS version, mode.
  public var titleRow: Int { 0 }
  /// The status row: `Status: …`, `Photos: N`, the screen buttons.
  public var statusRow: Int { 1 }
  /// The area of the grid.
  public var grid: Rect { Rect(x: 0, y: 2, width: size.columns, height: max(1, size.rows - 4)) }
  /// The notice row.
  public var noticeRow: Int { max(0, size.rows - 2) }
  /// The key-hint row.
  public var hintRow: Int { max(0, size.rows - 1) }

  /// The tile at `slot` (0-based, row-major inside the visible window).
  public func tile(_ slot: Int) -> Rect {
    Rect(
      x: grid.x + (slot % columns) * tileWidth, y: grid.y + (slot / columns) * tileHeight,
      width: tileWidth, height: tileHeight)
  }

  /// The image box inside a tile.
  public func imageBox(in tile: Rect) -> Rect {
    Rect(x: tile.x + 1, y: tile.y + 1, width: tile.width - 2, height: imageRows)
  }

  /// The row of a tile's file name.
  public func nameRow(in tile: Rect) -> Int { tile.y + 1 + imageRows }

  /// The area of the full-screen preview.
  public var preview: Rect {
    Rect(x: 0, y: 1, width: size.columns, height: max(1, size.rows - 3))
  }
}
