/// Turns successive ``CellBuffer`` frames into the bytes that update a terminal: the whole
/// grid for the first frame (or after ``invalidate()``), then only the cells that changed.
///
/// It tracks what the terminal holds (the last frame, the SGR pen and the cursor), so
/// colour codes are sent only where they change and the cursor is moved only across cells
/// that are skipped, by the shortest of `CR LF`, `CUF`, `CHA`, `CUP`, or by re-printing
/// the skipped cells when that is shorter. The caller writes the bytes (``Terminal``).
public struct ScreenRenderer: Sendable {
  /// The colours the output may use; cell colours are adapted to it.
  public var colorMode: ColorMode
  private var previous: CellBuffer?
  private var pen = CellStyle.plain
  private var cursor: (x: Int, y: Int)?

  /// A renderer for a terminal whose SGR state is the default (as after `ESC [ m`).
  public init(colorMode: ColorMode) {
    self.colorMode = colorMode
  }

  /// Forgets what the terminal shows, so the next frame is drawn in full (after a resize,
  /// or when something else has written to the screen).
  public mutating func invalidate() {
    previous = nil
    cursor = nil
  }

  /// The bytes that turn the screen from the previous frame into `next`.
  public mutating func render(_ next: CellBuffer) -> [UInt8] {
    var out: [UInt8] = []
    let full = previous.map { $0.width != next.width || $0.height != next.height } ?? true
    for y in 0..<next.height {
      for x in 0..<next.width {
        let cell = next[x, y]
        if !full, let previous, previous[x, y] == cell { continue }
        moveCursor(to: (x, y), in: next, into: &out)
        put(cell, into: &out)
        cursor = x + 1 < next.width ? (x + 1, y) : nil
      }
    }
    previous = next
    return out
  }

  private mutating func put(_ cell: Cell, into out: inout [UInt8]) {
    let style = cell.style.adapted(to: colorMode)
    SGR.transition(from: pen, to: style, into: &out)
    pen = style
    out.append(contentsOf: Array(String(cell.character).utf8))
  }

  /// Appends the shortest way from the tracked cursor to (`x`, `y`).
  private func moveCursor(to target: (x: Int, y: Int), in next: CellBuffer, into out: inout [UInt8])
  {
    let (x, y) = target
    if let cursor, cursor == (x, y) { return }
    var best = cursorPosition(x: x, y: y)
    if let cursor {
      if cursor.y == y, x > cursor.x {
        let skip = x - cursor.x
        consider(csi(skip == 1 ? nil : skip, "C"), as: &best)
        if let reprint = reprint(from: cursor.x, to: x, row: y, in: next) {
          consider(reprint, as: &best)
        }
      }
      if cursor.y == y { consider(csi(x == 0 ? nil : x + 1, "G"), as: &best) }
      if x == 0, y == cursor.y + 1 { consider([0x0D, 0x0A], as: &best) }
    }
    out.append(contentsOf: best)
  }

  /// The skipped cells printed again, when they already show in the current pen.
  private func reprint(from start: Int, to end: Int, row y: Int, in next: CellBuffer)
    -> [UInt8]?
  {
    var bytes: [UInt8] = []
    for x in start..<end {
      let cell = next[x, y]
      guard cell.style.adapted(to: colorMode) == pen else { return nil }
      bytes.append(contentsOf: Array(String(cell.character).utf8))
      if bytes.count > 8 { return nil }
    }
    return bytes
  }

  private func consider(_ candidate: [UInt8], as best: inout [UInt8]) {
    if candidate.count < best.count { best = candidate }
  }

  /// `CUP` in its shortest form: `ESC [ H`, `ESC [ row H`, `ESC [ row ; col H`.
  private func cursorPosition(x: Int, y: Int) -> [UInt8] {
    if x == 0 { return csi(y == 0 ? nil : y + 1, "H") }
    var parameters: [UInt8] = []
    if y > 0 { appendDecimal(y + 1, to: &parameters) }
    parameters.append(0x3B)
    appendDecimal(x + 1, to: &parameters)
    return [0x1B, 0x5B] + parameters + [0x48]
  }

  private func csi(_ parameter: Int?, _ final: Character) -> [UInt8] {
    var out: [UInt8] = [0x1B, 0x5B]
    if let parameter { appendDecimal(parameter, to: &out) }
    out.append(final.asciiValue!)
    return out
  }
}
