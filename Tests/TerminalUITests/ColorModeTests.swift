import Testing

@testable import TerminalUI

@Suite struct ColorModeTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var environment: [String: String]
    var mode: ColorMode
    var testDescription: String {
      environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        + " → \(mode)"
    }
  }

  static let cases: [Case] = [
    Case(
      environment: ["NO_COLOR": "1", "COLORTERM": "truecolor", "TERM": "xterm-256color"],
      mode: .none),
    Case(environment: ["NO_COLOR": "", "COLORTERM": "truecolor"], mode: .truecolor),
    Case(environment: ["COLORTERM": "truecolor", "TERM": "dumb"], mode: .truecolor),
    Case(environment: ["COLORTERM": "24bit"], mode: .truecolor),
    Case(environment: ["COLORTERM": "yes", "TERM": "xterm-256color"], mode: .palette256),
    Case(environment: ["TERM": "screen-256color"], mode: .palette256),
    Case(environment: ["TERM": "xterm"], mode: .palette16),
    Case(environment: ["TERM": "linux"], mode: .palette16),
    Case(environment: ["TERM": "dumb"], mode: .none),
    Case(environment: ["TERM": ""], mode: .none),
    Case(environment: [:], mode: .none),
  ]

  @Test(arguments: cases)
  func environmentChoosesTheMode(_ testCase: Case) {
    #expect(ColorMode.detect(environment: testCase.environment) == testCase.mode)
  }

  @Test(arguments: ["truecolor", "256", "16", "none"])
  func modeNamesAreTheCommandLineSpellings(_ name: String) {
    #expect(ColorMode(rawValue: name)?.rawValue == name)
  }
}
