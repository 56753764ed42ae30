import ArgumentParser
import Foundation
import TerminalUI

/// Puts the words of a `photogate` command line in the order the parser expects, before
/// parsing: options written before the command name are moved after it, a word that is
/// neither a command nor an existing folder is refused with the nearest command, and
/// `browse` is the default only for `photogate` alone or `photogate DIR` with an existing DIR.
struct CommandLineRouter {
  /// The command names (`status`, `settings`…), each with its own subcommand names.
  var commands: [String: [String]]

  /// The options taking a value that the commands share, so that their value is not
  /// mistaken for a command name.
  static let valueOptions: Set = [
    "--library", "--app", "--ios", "--info-plist", "--state-dir", "--colors",
  ]

  /// The root's own options, which stay where they are.
  static let rootOptions: Set = [
    "-h", "--help", "-help", "--version", "--generate-completion-script",
    "--experimental-dump-help", "---completion",
  ]

  /// The result of routing: the arguments to parse, or a usage error.
  enum Route: Equatable {
    /// Parse these; `moved` holds the options that were moved after the command (for hints).
    case parse([String], moved: [String], command: String?)
    /// Refuse with this message (exit 2).
    case refuse(String)
  }

  init(root: any ParsableCommand.Type) {
    var commands: [String: [String]] = ["help": []]
    for command in root.configuration.subcommands {
      let name = command.configuration.commandName ?? "\(command)"
      commands[name] = command.configuration.subcommands.compactMap { $0.configuration.commandName }
    }
    self.commands = commands
  }

  /// Routes `arguments` (without the executable's name); `isFolder` says whether a word names
  /// an existing folder.
  func route(_ arguments: [String], isFolder: (String) -> Bool) -> Route {
    guard let first = arguments.first else { return .parse([], moved: [], command: nil) }
    if first == "help" { return routeHelp(Array(arguments.dropFirst())) }
    if commands[first] != nil { return .parse(arguments, moved: [], command: first) }
    if !first.hasPrefix("-") {
      if isFolder(first) { return .parse(arguments, moved: [], command: nil) }
      return .refuse(notACommand(first))
    }
    if arguments.contains(where: { Self.rootOptions.contains($0) }) {
      return .parse(arguments, moved: [], command: nil)
    }
    guard let index = commandIndex(in: arguments) else {
      return .parse(arguments, moved: [], command: nil)
    }
    var end = index + 1
    if end < arguments.count, commands[arguments[index]]?.contains(arguments[end]) == true {
      end += 1
    }
    let moved = Array(arguments[..<index])
    let rewritten = Array(arguments[index..<end]) + moved + Array(arguments[end...])
    return .parse(rewritten, moved: moved, command: arguments[index..<end].joined(separator: " "))
  }

  /// `help [COMMAND [SUBCOMMAND]]`: the parser's help prints the overview for a name it does
  /// not know and succeeds, so an unknown name is refused here.
  func routeHelp(_ words: [String]) -> Route {
    let names = words.filter { !$0.hasPrefix("-") }
    if let command = names.first {
      guard let subcommands = commands[command], command != "help" else {
        return .refuse(notACommand(command, forHelp: true))
      }
      if names.count > 1 {
        guard subcommands.contains(names[1]), names.count == 2 else {
          let list = subcommands.isEmpty ? "none" : subcommands.joined(separator: ", ")
          return .refuse(
            "help: '\(name: names.dropFirst().joined(separator: " "))' is not a subcommand of "
              + "'\(command)' (its subcommands: \(list)). See 'photogate help \(command)'.")
        }
      }
    }
    return .parse(["help"] + words, moved: [], command: "help")
  }

  /// The position of the first word that names a command and is not an option's value.
  func commandIndex(in arguments: [String]) -> Int? {
    for (index, word) in arguments.enumerated() where commands[word] != nil {
      if index > 0, Self.valueOptions.contains(arguments[index - 1]) { continue }
      return index
    }
    return nil
  }

  /// "'stauts' is not a command…; did you mean 'status'?"
  func notACommand(_ word: String, forHelp: Bool = false) -> String {
    var message =
      forHelp
      ? "help: '\(name: word)' is not a command"
      : "'\(name: word)' is not a command, nor an existing folder to browse"
    let near = suggestions(for: word)
    if !near.isEmpty {
      message += "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }
    return message + "\nCommands: "
      + commands.keys.filter { $0 != "help" }.sorted().joined(separator: ", ")
      + ". See 'photogate --help'."
  }

  /// The commands within a small edit distance of `word` (or starting with it), nearest first.
  func suggestions(for word: String) -> [String] {
    let lowered = word.lowercased()
    let scored = commands.keys.compactMap { name -> (String, Int)? in
      let distance = Self.editDistance(lowered, name)
      if distance <= max(1, name.count / 3) { return (name, distance) }
      if lowered.count >= 2, name.hasPrefix(lowered) { return (name, name.count) }
      return nil
    }
    return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(2).map(\.0)
  }

  /// The optimal-string-alignment distance: insertions, deletions, substitutions and
  /// transpositions of neighbours each cost 1.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, table[i - 2][j - 2] + 1)
        }
        table[i][j] = best
      }
    }
    return table[a.count][b.count]
  }
}
