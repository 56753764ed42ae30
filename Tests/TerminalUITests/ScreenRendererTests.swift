import Testing

@testable import TerminalUI

@Suite struct ScreenRendererTests {
  static func buffer(_ rows: [String], style: CellStyle = .plain) -> CellBuffer {
    var buffer = CellBuffer(width: rows[0].count, height: rows.count)
    for (y, row) in rows.enumerated() { buffer.write(row, x: 0, y: y, style: style) }
    return buffer
  }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func firstFrameDrawsEveryCellRowByRow() {
    var renderer = ScreenRenderer(colorMode: .truecolor)
    var frame = Self.buffer(["ab", "cd"])
    frame[0, 0].style.foreground = .indexed(1)
    #expect(Self.text(renderer.render(frame)) == "\u{1B}[H\u{1B}[31ma\u{1B}[mb\u{1B}[2Hcd")
  }

  @Test func unchangedFrameEmitsNothing() {
    var renderer = ScreenRenderer(colorMode: .truecolor)
    let frame = Self.buffer(["ab", "cd"])
    _ = renderer.render(frame)
    #expect(renderer.render(frame).isEmpty)
  }

  @Test func oneChangedCellIsAddressedAndWrittenWithoutColourCodes() {
    var renderer = ScreenRenderer(colorMode: .truecolor)
    let red = CellStyle(foreground: .indexed(1))
    _ = renderer.render(Self.buffer(["ab", "cd"], style: red))
    var next = Self.buffer(["ab", "cd"], style: red)
    next[1, 1] = Cell("x", style: red)
    #expect(Self.text(renderer.render(next)) == "\u{1B}[2;2Hx")
  }

  @Test func changedColourOnlyEmitsTheColour() {
    var renderer = ScreenRenderer(colorMode: .truecolor)
    _ = renderer.render(Self.buffer(["ab"]))
    var next = Self.buffer(["ab"])
    next[0, 0] = Cell("a", background: .rgb(1, 2, 3))
    #expect(Self.text(renderer.render(next)) == "\u{1B}[H\u{1B}[48;2;1;2;3ma")
  }

  @Test func shortGapIsReprintedRatherThanSkipped() {
    var renderer = ScreenRenderer(colorMode: .truecolor)
    _ = renderer.render(Self.buffer(["abcd"]))
    #expect(Self.text(renderer.render(Self.buffer(["AbcD"]))) == "\u{1B}[HAbcD")
  }

  @Test func longGapMovesTheCursorForward() {
    var renderer = ScreenRenderer(colorMode: .truecolor)
    _ = renderer.render(Self.buffer(["abcdefghijklmn"]))
    let next = Self.buffer(["AbcdefghijklmN"])
    #expect(Self.text(renderer.render(next)) == "\u{1B}[HA\u{1B}[12CN")
  }

  @Test func nextRowStartUsesCarriageReturnLineFeed() {
    var renderer = ScreenRenderer(colorMode: .truecolor)
    _ = renderer.render(Self.buffer(["abc", "def"]))
    #expect(Self.text(renderer.render(Self.buffer(["aBc", "Def"]))) == "\u{1B}[;2HB\r\nD")
  }

  @Test func resizeOrInvalidateRedrawsEverything() {
    var renderer = ScreenRenderer(colorMode: .truecolor)
    _ = renderer.render(Self.buffer(["ab"]))
    #expect(Self.text(renderer.render(Self.buffer(["ab", "cd"]))) == "\u{1B}[Hab\u{1B}[2Hcd")
    renderer.invalidate()
    #expect(Self.text(renderer.render(Self.buffer(["ab", "cd"]))) == "\u{1B}[Hab\u{1B}[2Hcd")
  }

  @Test func coloursAreAdaptedToTheColourMode() {
    var renderer = ScreenRenderer(colorMode: .palette256)
    let frame = Self.buffer(["a"], style: CellStyle(foreground: .rgb(255, 0, 0)))
    #expect(Self.text(renderer.render(frame)) == "\u{1B}[H\u{1B}[38;5;196ma")
    var plain = ScreenRenderer(colorMode: .none)
    #expect(Self.text(plain.render(frame)) == "\u{1B}[Ha")
  }
}
