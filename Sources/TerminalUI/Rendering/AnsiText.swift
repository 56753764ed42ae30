/// Serializes a ``CellBuffer`` as plain lines of text with SGR codes, for output that
/// scrolls (`photogate show`, pipes, files) rather than a full-screen frame.
///
/// Each row starts from the default pen and ends with `ESC [ m` (when any colour is set,
/// so that a scrolling terminal never paints the new line) and `LF`. The last row always
/// ends with `ESC [ m LF`.
public enum AnsiText {
  public static func encode(_ buffer: CellBuffer, colorMode: ColorMode) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(buffer.width * buffer.height * 24)
    for y in 0..<buffer.height {
      var pen = CellStyle.plain
      for x in 0..<buffer.width {
        let cell = buffer[x, y]
        let style = cell.style.adapted(to: colorMode)
        SGR.transition(from: pen, to: style, into: &out)
        pen = style
        out.append(contentsOf: String(cell.character).utf8)
      }
      if pen != .plain || (y == buffer.height - 1 && colorMode != .none) {
        out.append(contentsOf: SGR.reset)
      }
      out.append(0x0A)
    }
    return out
  }
}
