import Testing

@testable import TerminalUI

@Suite struct CellBufferTests {
  @Test func writeIsClippedToTheRectAndTheGrid() {
    var buffer = CellBuffer(width: 6, height: 2)
    let clip = Rect(x: 1, y: 0, width: 3, height: 1)
    let end = buffer.write("abcdef", x: 0, y: 0, clip: clip)
    #expect(end == 6)
    #expect(buffer.text == "\u{20}bcd  \n      ")
    buffer.write("xyz", x: 4, y: 1)
    #expect(buffer.text(row: 1) == "    xy")
    buffer.write("nope", x: 0, y: 5)
    buffer.write("left", x: -2, y: 1)
    #expect(buffer.text(row: 1) == "ft  xy")
  }

  @Test func writeDrawsControlCharactersEscaped() {
    var buffer = CellBuffer(width: 12, height: 1)
    buffer.write("a\u{1B}\nb", x: 0, y: 0)
    #expect(buffer.text == "a\\u{1B}\\nb  ")
  }

  @Test func writeKeepsTheStyle() {
    var buffer = CellBuffer(width: 2, height: 1)
    let style = CellStyle(foreground: .indexed(1), attributes: .bold)
    buffer.write("x", x: 1, y: 0, style: style)
    #expect(buffer[1, 0] == Cell("x", style: style))
    #expect(buffer[0, 0] == .blank)
  }

  @Test func fillIsClippedToTheGrid() {
    var buffer = CellBuffer(width: 3, height: 3)
    buffer.fill(Rect(x: 1, y: -1, width: 5, height: 2), with: Cell("#"))
    #expect(buffer.text == " ##\n   \n   ")
  }

  @Test func drawBorderDrawsABoxOnTheRectEdge() {
    var buffer = CellBuffer(width: 5, height: 4)
    buffer.drawBorder(Rect(x: 0, y: 0, width: 4, height: 3))
    #expect(buffer.text == "┌──┐ \n│  │ \n└──┘ \n     ")
  }

  @Test func drawBorderPartlyOutsideIsClipped() {
    var buffer = CellBuffer(width: 3, height: 2)
    buffer.drawBorder(Rect(x: 1, y: 0, width: 4, height: 4))
    #expect(buffer.text == " ┌─\n │ ")
  }

  @Test func blitCopiesWithClippingAtEveryEdge() {
    var source = CellBuffer(width: 2, height: 2)
    source.write("ab", x: 0, y: 0)
    source.write("cd", x: 0, y: 1)
    var buffer = CellBuffer(width: 3, height: 3, filling: Cell("."))
    buffer.blit(source, x: -1, y: 2)
    buffer.blit(source, x: 2, y: 0)
    #expect(buffer.text == "..a\n..c\nb..")
  }

  @Test func outOfRangeReadsAreBlankAndWritesAreIgnored() {
    var buffer = CellBuffer(width: 1, height: 1)
    buffer[3, 3] = Cell("x")
    #expect(buffer[3, 3] == .blank)
    #expect(buffer.text == " ")
  }
}

@Suite struct CellBufferEscapeTests {
  @Test func aNameWithAnEscapeSequenceIsDrawnEscapedNeverAsAControlCharacter() {
    var buffer = CellBuffer(width: 40, height: 1)
    buffer.write("cat\u{1B}[31m\u{202E}.png", x: 0, y: 0)
    #expect(buffer.text(row: 0).hasPrefix("cat\\u{1B}[31m\\u{202E}.png"))
    let scalars = (0..<40).flatMap { buffer[$0, 0].character.unicodeScalars }
    #expect(!scalars.contains { TerminalSafe.needsEscape($0) && $0 != "\\" })
  }

  @Test func plainTextWithABackslashIsDrawnAsItIs() {
    var buffer = CellBuffer(width: 20, height: 1)
    buffer.write("a\\b", x: 0, y: 0)
    #expect(buffer.text(row: 0).hasPrefix("a\\b "))
  }
}
