import Foundation
import TestSupport
import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// The one negotiation `show` and the gallery share, on a pseudo-terminal whose answers are
/// waiting before the queries go out.
@Suite struct GraphicsNegotiationTests {
  /// Negotiates `choice` on a pty that has already answered `reply`.
  func negotiate(_ choice: GraphicsChoice, reply: String, environment: [String: String] = [:])
    throws -> GraphicsNegotiation
  {
    let pty = try PseudoTerminal()
    var raw = pty.settings()
    cfmakeraw(&raw)
    _ = tcsetattr(pty.slave, TCSANOW, &raw)
    let bytes = Array(reply.utf8)
    _ = bytes.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
    return GraphicsNegotiation.negotiate(
      choice, on: Terminal(input: pty.slave, output: pty.slave), environment: environment)
  }

  static let attributes = "\u{1B}[?62;22c"
  static let sixelAttributes = "\u{1B}[?62;4;22c"
  static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
  static let cell = "\u{1B}[6;20;9t"

  @Test(arguments: [
    (GraphicsChoice.auto, kittyOK + cell + attributes, GraphicsProtocol?.some(.kitty)),
    (.auto, cell + sixelAttributes, .sixel),
    (.auto, cell + attributes, nil),
    (.sixel, cell + attributes, .sixel),
    (.blocks, kittyOK + cell + sixelAttributes, nil),
  ])
  func theProtocolIsTheChoiceOrWhatTheTerminalAnswers(
    choice: GraphicsChoice, reply: String, expected: GraphicsProtocol?
  ) throws {
    let result = try negotiate(choice, reply: reply)
    #expect(result.graphics == expected)
    #expect(result.note == nil)
  }

  @Test func theCellSizeIsTheTerminalsAnswer() throws {
    let result = try negotiate(.auto, reply: Self.cell + Self.attributes)
    #expect(result.cell == CellSize(width: 9, height: 20))
  }

  @Test func withoutATerminalOnlyANamedProtocolApplies() {
    let auto = GraphicsNegotiation.negotiate(.auto, on: nil, environment: ["TERM": "xterm-kitty"])
    #expect(auto.graphics == nil)
    #expect(auto.insideTmux == false)
    let named = GraphicsNegotiation.negotiate(
      .iterm, on: nil, environment: [:], cell: CellSize(width: 8, height: 8))
    #expect(named.graphics == .iterm)
    #expect(named.cell == CellSize(width: 8, height: 8))
  }
}
