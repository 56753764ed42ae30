import Foundation
import TestSupport
import Testing

/// Every numeric option of every command, found in the commands themselves
/// (`--experimental-dump-help`), with 0, -1, a huge value, `Int.max` and a sensible value:
/// no crash, no run past the deadline, and a value outside the documented range refused as
/// bad usage (exit 2) with the option and its range in the message.
@Suite struct NumericOptionSweepTests {
  /// One option of one command, as the parser describes it.
  struct SweptOption: Sendable, CustomTestStringConvertible {
    var command: [String]
    var name: String
    var abstract: String
    var valueName: String
    var allValues: [String]

    var testDescription: String { (command + [name]).joined(separator: " ") }

    /// The range the help text documents ("from 1 to 1,000", "0 or more"), if any.
    var range: (lower: Int, upper: Int?, text: String)? {
      if let match = abstract.firstMatch(of: /from (-?[\d,]+) to (-?[\d,]+)/),
        let lower = Int(match.1.replacing(",", with: "")),
        let upper = Int(match.2.replacing(",", with: ""))
      {
        return (lower, upper, String(match.0))
      }
      if let match = abstract.firstMatch(of: /(-?[\d,]+) or more/),
        let lower = Int(match.1.replacing(",", with: ""))
      {
        return (lower, nil, String(match.0))
      }
      return nil
    }

    /// Whether the accepted values are a list of numbers (`--ios`).
    var isNumericList: Bool { !allValues.isEmpty && allValues.allSatisfy { Int($0) != nil } }
  }

  /// Every option that takes a value, of every command and subcommand.
  static let options: [SweptOption] = {
    guard let result = try? CLIRunner.run(["--experimental-dump-help"]),
      let json = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)),
      let root = (json as? [String: Any])?["command"] as? [String: Any]
    else { return [] }
    var found: [SweptOption] = []
    func walk(_ command: [String: Any], path: [String]) {
      for argument in command["arguments"] as? [[String: Any]] ?? [] {
        guard argument["kind"] as? String == "option",
          let preferred = argument["preferredName"] as? [String: Any],
          let name = preferred["name"] as? String
        else { continue }
        found.append(
          SweptOption(
            command: path, name: (preferred["kind"] as? String == "short" ? "-" : "--") + name,
            abstract: argument["abstract"] as? String ?? "",
            valueName: argument["valueName"] as? String ?? "",
            allValues: argument["allValues"] as? [String] ?? []))
      }
      for sub in command["subcommands"] as? [[String: Any]] ?? [] {
        walk(sub, path: path + [sub["commandName"] as? String ?? ""])
      }
    }
    walk(root, path: [])
    return found.filter { !$0.command.isEmpty }
  }()

  /// What each command needs besides the option to get past parsing (FILE, a level…);
  /// `IMAGE` is a small image, `OUT` a fresh folder.
  static let baseArguments: [String: [String]] = [
    "show": ["IMAGE"], "thumbnail": ["IMAGE", "--output", "OUT/"], "thumbs": ["--cache", "OUT"],
    "request": ["readWrite"], "privacy": ["grant", "photos"], "restrict": ["on"],
    "settings set": ["Never"], "favorite": ["photo.jpg"], "hide": ["photo.jpg"],
    "save": ["IMAGE"], "lint": ["PLIST"],
  ]

  @Test func theSweepFindsTheNumericOptions() {
    let names = Set(Self.options.map(\.testDescription))
    for known in [
      "show --width", "show --height", "show --cell-size", "thumbnail --size", "thumbs --size",
      "thumbs --jobs", "assets --offset", "assets --limit", "pick --limit", "status --ios",
    ] {
      #expect(names.contains(known), "\(known) is not in the parser's description")
    }
  }

  /// docs/cli.md has a table row naming the command, the option and the range its help says.
  @Test func theDocsStateEachRange() throws {
    let document = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
    let rows = document.split(separator: "\n").filter { $0.hasPrefix("| `") }
    let ranged = Self.options.filter { $0.range != nil }
    #expect(!ranged.isEmpty)
    for option in ranged {
      guard let range = option.range, let command = option.command.last else { continue }
      let words = range.text.replacing("from ", with: "")
      #expect(
        rows.contains {
          $0.contains("`\(command) ") && $0.contains(option.name) && $0.contains(words)
        },
        "docs/cli.md states no range \(words) for \(option.testDescription)")
    }
  }

  @Test(arguments: options)
  func everyNumberHasARange(option: SweptOption) throws {
    let folder = try TestPaths.makeTemporaryDirectory("sweep")
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = folder.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    let image = library.appendingPathComponent("photo.jpg")
    try FileManager.default.copyItem(
      at: TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg"), to: image)
    let environment = [
      "HOME": folder.path, "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      "PHOTOGATE_LIBRARY": library.path,
      "PHOTOGATE_STATE_DIR": folder.appendingPathComponent("state").path,
      "PHOTOGATE_LIBRARY_INDEX": folder.appendingPathComponent("index").path,
      "PHOTOGATE_GRAPHICS": "", "TERM": "dumb",
    ]
    let base = (Self.baseArguments[option.command.joined(separator: " ")] ?? []).map { word in
      switch word {
      case "IMAGE": image.path
      case "OUT": folder.appendingPathComponent("out").path
      case "OUT/": folder.appendingPathComponent("out").path + "/"
      case "PLIST": TestPaths.packageRoot.appendingPathComponent("Examples/Info.plist").path
      default: word
      }
    }
    func run(_ value: String) throws -> TimedCLIRun {
      try TimedCLIRun.run(
        option.command + base + [option.name, value], environment: environment,
        directory: folder)
    }
    func parserRefuses(_ run: TimedCLIRun) -> Bool {
      run.stderr.contains("is invalid for '\(option.name)")
    }

    // A number is what the parser takes when it refuses a word and accepts a digit.
    let isNumber = try parserRefuses(run("x1")) && !parserRefuses(run("7"))
    let range = option.range
    if isNumber {
      #expect(
        range != nil || option.isNumericList,
        "\(option.testDescription) takes a number but its help documents no range")
    }
    guard range != nil || option.isNumericList || isNumber else { return }

    let sensible =
      option.valueName == "WxH"
      ? "10x20" : option.allValues.first ?? "\(max(range?.lower ?? 8, min(8, range?.upper ?? 8)))"
    for value in ["0", "-1", "100000", "\(Int.max)", sensible] {
      let result = try run(value)
      let label = "\(option.testDescription) \(value)"
      #expect(!result.timedOut, "\(label): still running after the deadline")
      #expect(!result.signalled, "\(label): killed by a signal: \(result.stderr.suffix(500))")
      #expect(
        !result.stderr.contains("Fatal error") && !result.stderr.contains("did not exit normally"),
        "\(label): crashed: \(result.stderr.suffix(500))")
      #expect((0...3).contains(result.status), "\(label): exit \(result.status)")

      let accepted: Bool
      if value == sensible {
        accepted = true
      } else if option.valueName == "WxH" {
        accepted = false  // a plain number is not a cell size
      } else if let range, let number = Int(value) {
        accepted = number >= range.lower && range.upper.map { number <= $0 } != false
      } else {
        accepted = option.allValues.contains(value)
      }
      let refusedForIt =
        result.stderr.contains("\(option.name) must be") || parserRefuses(result)
      if accepted {
        #expect(!refusedForIt, "\(label): refused: \(result.stderr)")
      } else {
        #expect(result.status == 2, "\(label): exit \(result.status), \(result.stderr)")
        #expect(refusedForIt, "\(label): not refused by name: \(result.stderr)")
        if let range {
          #expect(result.stderr.contains(range.text), "\(label): no range: \(result.stderr)")
        }
      }
    }
  }
}
