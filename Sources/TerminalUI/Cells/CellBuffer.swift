/// A `width` × `height` grid of cells: the in-memory screen every view draws into.
///
/// Drawing never fails and never writes outside the grid: everything is clipped. The
/// ``ScreenRenderer`` turns two buffers into the bytes that change one into the other, so
/// views and their tests need no terminal (the approach of ratatui and bubbletea).
public struct CellBuffer: Sendable, Hashable {
  public let width: Int
  public let height: Int
  /// Row-major cells, `width * height` of them.
  public private(set) var cells: [Cell]

  public init(width: Int, height: Int, filling cell: Cell = .blank) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.cells = [Cell](repeating: cell, count: self.width * self.height)
  }

  /// The whole grid as a rectangle.
  public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  /// The cell at column `x`, row `y`; a blank cell outside the grid.
  public subscript(x: Int, y: Int) -> Cell {
    get {
      guard contains(x: x, y: y) else { return .blank }
      return cells[y * width + x]
    }
    set {
      guard contains(x: x, y: y) else { return }
      cells[y * width + x] = newValue
    }
  }

  /// Whether (`x`, `y`) is inside the grid.
  public func contains(x: Int, y: Int) -> Bool {
    x >= 0 && y >= 0 && x < width && y < height
  }

  /// The characters of row `y`, for tests and text snapshots.
  public func text(row y: Int) -> String {
    String((0..<width).map { self[$0, y].character })
  }

  /// Every row's characters, joined with newlines.
  public var text: String { (0..<height).map { text(row: $0) }.joined(separator: "\n") }
}
