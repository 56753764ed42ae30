import Testing

@testable import TerminalUI

@Suite struct SGRTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var from: CellStyle
    var to: CellStyle
    var expected: String
    var testDescription: String { String(expected.map { $0 == "\u{1B}" ? "^" : $0 }) }
  }

  static let red = TerminalColor.indexed(1)

  static let cases: [Case] = [
    Case(from: .plain, to: .plain, expected: ""),
    Case(from: .plain, to: CellStyle(foreground: .rgb(1, 2, 3)), expected: "\u{1B}[38;2;1;2;3m"),
    Case(
      from: .plain, to: CellStyle(foreground: red, background: .indexed(4)),
      expected: "\u{1B}[31;44m"),
    Case(
      from: CellStyle(foreground: red, background: .indexed(4)),
      to: CellStyle(foreground: red, background: .rgb(9, 8, 7)), expected: "\u{1B}[48;2;9;8;7m"),
    Case(from: CellStyle(attributes: .bold), to: .plain, expected: "\u{1B}[m"),
    Case(
      from: CellStyle(foreground: red, attributes: .bold), to: CellStyle(foreground: red),
      expected: "\u{1B}[22m"),
    Case(
      from: CellStyle(foreground: red, attributes: [.bold, .dim]),
      to: CellStyle(foreground: red, attributes: .dim), expected: "\u{1B}[22;2m"),
    Case(
      from: CellStyle(attributes: [.bold, .underline, .reverse]),
      to: CellStyle(foreground: red), expected: "\u{1B}[0;31m"),
    Case(from: .plain, to: CellStyle(attributes: .reverse), expected: "\u{1B}[7m"),
    Case(from: .plain, to: CellStyle(foreground: .indexed(200)), expected: "\u{1B}[38;5;200m"),
    Case(from: .plain, to: CellStyle(foreground: .indexed(9)), expected: "\u{1B}[91m"),
    Case(from: .plain, to: CellStyle(background: .indexed(12)), expected: "\u{1B}[104m"),
    Case(
      from: CellStyle(foreground: red, background: .indexed(2)),
      to: CellStyle(background: .indexed(2)), expected: "\u{1B}[39m"),
  ]

  @Test(arguments: cases)
  func transitionIsTheShortestSequence(_ testCase: Case) {
    var out: [UInt8] = []
    SGR.transition(from: testCase.from, to: testCase.to, into: &out)
    #expect(String(decoding: out, as: UTF8.self) == testCase.expected)
  }
}
