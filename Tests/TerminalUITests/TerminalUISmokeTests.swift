import TerminalUI
import Testing

@Suite struct TerminalUISmokeTests {
  @Test func moduleLinks() {
    #expect(String(describing: TerminalUI.self) == "TerminalUI")
  }
}
