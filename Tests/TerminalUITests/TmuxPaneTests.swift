import Testing

@testable import TerminalUI

/// What `tmux display-message -p "#{pane_left} #{pane_top} #{allow-passthrough}"` replies, and
/// whether the query round waits for kitty's answer through the passthrough.
struct TmuxPaneTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var reply: String
    var origin: (x: Int, y: Int)?
    var passthrough: Bool
    var testDescription: String { "\"\(reply)\"" }
  }

  @Test(
    arguments: [
      Case(reply: "0 0 0\n", origin: (0, 0), passthrough: false),  // tmux 3.3, the default
      Case(reply: "40 1 1\n", origin: (40, 1), passthrough: true),  // tmux 3.3, turned on
      Case(reply: "0 12 off\n", origin: (0, 12), passthrough: false),
      Case(reply: "0 12 on\n", origin: (0, 12), passthrough: true),
      Case(reply: "0 12 all\n", origin: (0, 12), passthrough: true),
      Case(reply: "7 3 \n", origin: (7, 3), passthrough: true),  // before 3.3: always passes
      Case(reply: "", origin: nil, passthrough: false),
      Case(reply: "no server running", origin: nil, passthrough: false),
    ])
  func readsTheReply(_ row: Case) {
    let pane = TmuxPane(reply: row.reply)
    #expect(pane?.origin.x == row.origin?.x)
    #expect(pane?.origin.y == row.origin?.y)
    if let pane { #expect(pane.passthrough == row.passthrough) }
  }
}
