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
    #expect(
      ColorMode.detect(environment: testCase.environment, tmuxFeatures: { nil }) == testCase.mode)
  }

  @Test(
    arguments: [
      (["TERM": "xterm-direct"], nil, ColorMode.truecolor),
      (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"], "256,RGB,title", .truecolor),
      (["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0"], "256,Tc", .truecolor),
      (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"], "256,title", .palette256),
      (["TERM": "screen", "TMUX": "/tmp/tmux-0/default,1,0"], "", .palette256),
      (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"], nil, .palette256),
      (["TERM": "xterm-256color"], "256,RGB", .palette256),
      (["TERM": "tmux-256color", "TMUX": "x", "NO_COLOR": "1"], "RGB", ColorMode.none),
    ] as [([String: String], String?, ColorMode)])
  func insideTmuxTheOuterTerminalDecides(
    environment: [String: String], features: String?, mode: ColorMode
  ) {
    #expect(ColorMode.detect(environment: environment, tmuxFeatures: { features }) == mode)
  }

  @Test(arguments: ["truecolor", "256", "16", "none"])
  func modeNamesAreTheCommandLineSpellings(_ name: String) {
    #expect(ColorMode(rawValue: name)?.rawValue == name)
  }
}
