import Foundation
import TestSupport
import Testing

/// The README's "A taste" runs as written, from the checkout's folder: each `photogate` line
/// in order, with the exit code its comment states (0 when it states none).
@Suite struct ReadmeTasteTests {
  /// One line of the block: its words and the exit code it promises.
  struct Step {
    var words: [String]
    var exitCode: Int32
  }

  /// The `sh` block under "## A taste": the exports, and the steps (interactive `pick` left out).
  static func taste() throws -> (exports: [(String, String)], steps: [Step]) {
    let readme = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## A taste").dropFirst().first)
    let block = try #require(section.components(separatedBy: "```").dropFirst().first)
    var exports: [(String, String)] = []
    var steps: [Step] = []
    for line in block.split(separator: "\n").dropFirst() {
      let parts = line.components(separatedBy: "  #")
      let command = parts[0].trimmingCharacters(in: .whitespaces)
      let comment = parts.dropFirst().joined()
      if command.hasPrefix("export ") {
        let assignment = command.dropFirst("export ".count).split(separator: "=", maxSplits: 1)
        exports.append((String(assignment[0]), String(assignment[1])))
      } else if command.hasPrefix("photogate "), !command.contains("|") {
        let code = comment.firstMatch(of: /exit (\d)/).map { Int32($0.1)! } ?? 0
        steps.append(Step(words: words(command), exitCode: code))
      }
    }
    return (exports, steps)
  }

  /// Splits a command line into words, honouring double quotes.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    for character in line {
      if character == "\"" {
        quoted.toggle()
      } else if character == " " && !quoted {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  @Test func theTasteRunsAsWrittenOnAFreshClone() throws {
    let (exports, steps) = try Self.taste()
    #expect(steps.count >= 10)
    #expect(exports.map(\.0) == ["PHOTOGATE_STATE_DIR", "PHOTOGATE_LIBRARY"])
    let scratch = try TestPaths.makeTemporaryDirectory("taste")
    defer { try? FileManager.default.removeItem(at: scratch) }
    var environment = ["XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path]
    for (name, value) in exports {
      environment[name] = value.replacingOccurrences(of: "$PWD", with: TestPaths.packageRoot.path)
    }
    // A fresh state folder, so the first request is a first launch.
    environment["PHOTOGATE_STATE_DIR"] = scratch.appendingPathComponent("state").path
    for step in steps {
      let result = try CLIRunner.run(
        Array(step.words.dropFirst()), environment: environment,
        currentDirectory: TestPaths.packageRoot)
      #expect(
        result.status == step.exitCode,
        "\(step.words.joined(separator: " ")): \(result.stderr)")
      #expect(!result.stdout.isEmpty || !result.stderr.isEmpty, "\(step.words)")
    }
  }
}
