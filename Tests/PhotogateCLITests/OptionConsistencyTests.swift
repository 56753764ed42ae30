import Foundation
import TestSupport
import Testing

/// The README's table of which command takes which option is what `photogate help COMMAND`
/// lists: every command shows exactly the shared options that mean something to it.
@Suite struct OptionConsistencyTests {
  static let commands = [
    "browse", "pick", "show", "thumbnail", "thumbs", "status", "request", "settings show",
    "settings set", "privacy", "restrict", "select", "assets", "albums", "favorite", "hide", "save",
    "snapshot", "cloud status", "cloud offload", "cloud restore", "cloud network",
    "matrix", "lint", "changes apply", "changes check",
  ]

  /// Each row of the README's table: its options and its commands.
  static func readmeTable() throws -> [(options: [String], commands: [String])] {
    let readme = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    return readme.split(separator: "\n").filter { $0.hasPrefix("| `--") }.map { row in
      // `\|` inside a cell is a value separator, not a column.
      let cells = row.replacingOccurrences(of: "\\|", with: "/")
        .split(separator: "|", omittingEmptySubsequences: true).map { String($0) }
      let options =
        cells.first.map { cell in
          cell.matches(of: /`(--[a-z-]+)/).map { String($0.1) }
        } ?? []
      let commands =
        cells.last.map { cell in
          cell.matches(of: /`([a-z]+)`/).map { String($0.1) }
        } ?? []
      return (options, commands)
    }
  }

  /// The option names in the OPTIONS section of `photogate help COMMAND`.
  static func helpOptions(_ command: String) throws -> Set<String> {
    let result = try CLIRunner.run(["help"] + command.split(separator: " ").map(String.init))
    let options = result.stdout.components(separatedBy: "OPTIONS:").last ?? ""
    return Set(
      options.split(separator: "\n").compactMap { line in
        line.firstMatch(of: /^\s+(--[a-z-]+)/).map { String($0.1) }
      })
  }

  @Test func theReadmeTableIsWhatEachCommandTakes() throws {
    let table = try Self.readmeTable()
    #expect(table.count == 8)
    let shared = Set(table.flatMap(\.options))
    #expect(
      shared.isSuperset(of: [
        "--library", "--app", "--ios", "--colors", "--graphics", "--state-dir",
      ]))
    for command in Self.commands {
      let name = String(command.split(separator: " ")[0])
      let promised = Set(table.filter { $0.commands.contains(name) }.flatMap(\.options))
      let shown = try Self.helpOptions(command).intersection(shared)
      #expect(shown == promised, "photogate \(command)")
    }
  }

  @Test func completionScriptsArePrinted() throws {
    for shell in ["bash", "zsh", "fish"] {
      let result = try CLIRunner.run(["--generate-completion-script", shell])
      #expect(result.status == 0)
      #expect(result.stdout.contains("photogate"))
    }
  }
}
