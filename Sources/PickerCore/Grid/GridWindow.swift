/// The visible window of a grid of items: columns, visible rows, the focused item and the
/// first visible row.
///
/// Mirrors what a `UICollectionView` does for a photo grid: only the rows inside the window are
/// drawn (and need thumbnails), and moving the focus scrolls the window so the focus stays
/// visible. Every operation keeps the invariants `0 <= focus < count` (or `focus == 0` when
/// empty) and `topRow <= row(focus) < topRow + rows`.
public struct GridWindow: Sendable, Equatable, Codable {
  /// Items per row (at least 1).
  public private(set) var columns: Int
  /// Rows visible at once (at least 1).
  public private(set) var rows: Int
  /// How many items the grid holds.
  public private(set) var count: Int
  /// The index of the focused item (0 when the grid is empty).
  public private(set) var focus: Int
  /// The first visible row.
  public private(set) var topRow: Int

  /// A window of `columns` × `rows` over `count` items, focused on the first one.
  public init(columns: Int = 4, rows: Int = 3, count: Int = 0) {
    self.columns = max(1, columns)
    self.rows = max(1, rows)
    self.count = max(0, count)
    self.focus = 0
    self.topRow = 0
  }

  /// The number of rows the whole grid needs.
  public var totalRows: Int { (count + columns - 1) / columns }

  /// The indices of the items inside the window.
  public var visibleRange: Range<Int> {
    let start = min(count, topRow * columns)
    return start..<min(count, (topRow + rows) * columns)
  }

  /// Moves the focus and scrolls the window so that the focus stays visible.
  public mutating func move(_ move: GridMove) {
    guard count > 0 else { return }
    let row = focus / columns
    let lastRow = totalRows - 1
    switch move {
    case .left: focus = max(0, focus - 1)
    case .right: focus = min(count - 1, focus + 1)
    case .up: if row > 0 { focus -= columns }
    case .down: if row < lastRow { focus = min(count - 1, focus + columns) }
    case .pageUp:
      focus = max(0, focus - rows * columns)
      topRow = max(0, topRow - rows)
    case .pageDown:
      focus = min(count - 1, focus + rows * columns)
      topRow = min(max(0, totalRows - rows), topRow + rows)
    case .home: focus = 0
    case .end: focus = count - 1
    }
    scrollToFocus()
  }

  /// Focuses the item at `index` (clamped) and scrolls to it.
  public mutating func focus(on index: Int) {
    focus = count == 0 ? 0 : min(max(0, index), count - 1)
    scrollToFocus()
  }

  /// Changes the window's shape (a terminal resize), keeping the focused item visible.
  public mutating func resize(columns: Int, rows: Int) {
    self.columns = max(1, columns)
    self.rows = max(1, rows)
    topRow = min(topRow, max(0, totalRows - self.rows))
    scrollToFocus()
  }

  /// Changes the number of items (the library changed), clamping the focus and the window.
  public mutating func setCount(_ count: Int) {
    self.count = max(0, count)
    focus = self.count == 0 ? 0 : min(focus, self.count - 1)
    topRow = min(topRow, max(0, totalRows - rows))
    scrollToFocus()
  }

  private mutating func scrollToFocus() {
    let row = focus / columns
    if row < topRow { topRow = row }
    if row >= topRow + rows { topRow = row - rows + 1 }
    topRow = max(0, topRow)
  }
}

/// A cursor movement in a grid: arrow keys, Page Up/Down, Home/End.
public enum GridMove: String, Sendable, Equatable, Codable, CaseIterable {
  case left, right, up, down, pageUp, pageDown, home, end
}
