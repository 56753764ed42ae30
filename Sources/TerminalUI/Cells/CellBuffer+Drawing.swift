extension CellBuffer {
  /// Sets every cell of `rect` (clipped to the grid) to `cell`.
  public mutating func fill(_ rect: Rect, with cell: Cell) {
    let area = rect.intersection(bounds)
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX { self[x, y] = cell }
    }
  }

  /// Writes `text` from column `x` of row `y` in `style`, clipped to `clip` (default the
  /// whole grid); returns the column after the last character written or skipped.
  ///
  /// Text holding control or bidirectional formatting characters (a hostile file name) is
  /// drawn escaped as ``TerminalSafe`` writes it (`\u{1B}`); any other unprintable character
  /// is drawn as a space, so that a stray byte can never move the cursor.
  @discardableResult
  public mutating func write(
    _ text: String, x: Int, y: Int, style: CellStyle = .plain, clip: Rect? = nil
  ) -> Int {
    let area = (clip ?? bounds).intersection(bounds)
    var column = x
    let unsafe = text.unicodeScalars.contains { $0 != "\\" && TerminalSafe.needsEscape($0) }
    for character in unsafe ? TerminalSafe.escape(text) : text {
      let drawn: Character = character.unicodeScalars.allSatisfy(isPrintable) ? character : " "
      if y >= area.y, y < area.maxY, column >= area.x, column < area.maxX {
        self[column, y] = Cell(drawn, style: style)
      }
      column += 1
    }
    return column
  }

  /// Draws a single-line box (`┌─┐│└┘`) along the edge of `rect`, clipped to the grid.
  public mutating func drawBorder(_ rect: Rect, style: CellStyle = .plain) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let right = rect.maxX - 1
    let bottom = rect.maxY - 1
    for x in rect.x + 1..<right {
      self[x, rect.y] = Cell("─", style: style)
      self[x, bottom] = Cell("─", style: style)
    }
    for y in rect.y + 1..<bottom {
      self[rect.x, y] = Cell("│", style: style)
      self[right, y] = Cell("│", style: style)
    }
    self[rect.x, rect.y] = Cell("┌", style: style)
    self[right, rect.y] = Cell("┐", style: style)
    self[rect.x, bottom] = Cell("└", style: style)
    self[right, bottom] = Cell("┘", style: style)
  }

  /// Copies `source` so that its top-left cell lands on (`x`, `y`), clipped to the grid.
  public mutating func blit(_ source: CellBuffer, x: Int, y: Int) {
    let target = Rect(x: x, y: y, width: source.width, height: source.height)
      .intersection(bounds)
    for row in target.y..<target.maxY {
      for column in target.x..<target.maxX {
        self[column, row] = source[column - x, row - y]
      }
    }
  }
}

private func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
  !(scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value))
}
