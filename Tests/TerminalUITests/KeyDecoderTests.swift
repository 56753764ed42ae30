import Testing

@testable import TerminalUI

@Suite struct KeyDecoderTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var bytes: [UInt8]
    var keys: [Key]
    init(_ text: String, _ keys: [Key]) {
      self.bytes = Array(text.utf8)
      self.keys = keys
    }
    init(bytes: [UInt8], _ keys: [Key]) {
      self.bytes = bytes
      self.keys = keys
    }
    var testDescription: String { bytes.map { String($0, radix: 16) }.joined(separator: " ") }
  }

  static let esc = "\u{1B}"

  static let cases: [Case] = [
    Case("\(esc)[A", [.up]), Case("\(esc)[B", [.down]),
    Case("\(esc)[C", [.right]), Case("\(esc)[D", [.left]),
    Case("\(esc)OA", [.up]), Case("\(esc)OB", [.down]),
    Case("\(esc)OC", [.right]), Case("\(esc)OD", [.left]),
    Case("\(esc)[1;5A", [.up]),
    Case("hjkl", [.character("h"), .character("j"), .character("k"), .character("l")]),
    Case("\(esc)[5~", [.pageUp]), Case("\(esc)[6~", [.pageDown]),
    Case("\(esc)[H", [.home]), Case("\(esc)[F", [.end]),
    Case("\(esc)[1~", [.home]), Case("\(esc)[4~", [.end]),
    Case("\(esc)[7~", [.home]), Case("\(esc)[8~", [.end]),
    Case("\(esc)OH", [.home]), Case("\(esc)OF", [.end]),
    Case("\(esc)[3~", [.delete]),
    Case("\r", [.enter]), Case("\n", [.enter]),
    Case(" ", [.space]), Case("\t", [.tab]),
    Case(bytes: [0x7F], [.backspace]), Case(bytes: [0x08], [.backspace]),
    Case(bytes: [0x1B], [.escape]),
    Case(bytes: [0x03], [.interrupt]),
    Case(bytes: [0x01], [.control(0x01)]),
    Case("?q", [.character("?"), .character("q")]),
    Case("é€😀", [.character("é"), .character("€"), .character("😀")]),
    Case("q\(esc)", [.character("q"), .escape]),
    Case("\(esc)\(esc)[A", [.escape, .up]),
    Case("\(esc)x", [.escape, .character("x")]),
    Case("\(esc)[<0;10;20Mj", [.character("j")]),
    Case("\(esc)[M !!k", [.character("k")]),
    Case("\(esc)[I\(esc)[O", []),
    Case("\(esc)[15~\(esc)[Zq", [.character("q")]),
    Case("\(esc)OPq", [.character("q")]),
    Case(bytes: [0xFF, 0x61], [.character("a")]),
    Case(bytes: [0xC3, 0x61], [.character("a")]),
    // Late replies to the graphics queries are skipped whole, not read as Escape and keys.
    Case("\(esc)_Gi=31;OK\(esc)\\q", [.character("q")]),
    Case("\(esc)P>|XTerm(388)\(esc)\\j", [.character("j")]),
    Case("\(esc)]11;rgb:0000/0000/0000\u{07}k", [.character("k")]),
    Case("\(esc)_x", [.escape, .character("_"), .character("x")]),
  ]

  @Test(arguments: cases)
  func bytesDecodeToKeys(_ testCase: Case) {
    var decoder = KeyDecoder()
    #expect(decoder.decode(testCase.bytes) == testCase.keys)
  }

  @Test func sequenceSplitAcrossReadsDecodesOnceComplete() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[".utf8)).isEmpty)
    #expect(decoder.decode(Array("A".utf8)) == [.up])
    #expect(decoder.decode(Array("\u{1B}[5".utf8)).isEmpty)
    #expect(decoder.decode(Array("~j".utf8)) == [.pageUp, .character("j")])
    #expect(decoder.decode(Array("\u{1B}O".utf8)).isEmpty)
    #expect(decoder.decode(Array("B".utf8)) == [.down])
    #expect(decoder.decode(Array("\u{1B}[<0;1".utf8)).isEmpty)
    #expect(decoder.decode(Array("0;20Mx".utf8)) == [.character("x")])
  }

  @Test func utf8CharacterSplitAcrossReadsDecodesOnceComplete() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0xE2, 0x82]).isEmpty)
    #expect(decoder.decode([0xAC, 0x71]) == [.character("€"), .character("q")])
  }

  @Test func loneEscapeAtTheEndOfAReadIsTheEscapeKey() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [.escape])
    #expect(decoder.decode(Array("[A".utf8)) == [.character("["), .character("A")])
  }

  @Test func runawaySequenceDoesNotSwallowLaterKeys() {
    var decoder = KeyDecoder()
    let garbage = [0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 100) + Array("q".utf8)
    let keys = decoder.decode(garbage)
    #expect(keys.last == .character("q"))
  }
}
