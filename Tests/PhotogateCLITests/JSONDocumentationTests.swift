import Foundation
import TestSupport
import Testing

/// Every example of docs/json.md matches what the built binary prints.
@Suite struct JSONDocumentationTests {
  /// One example: the commands of its `sh` block and the `json` block that follows.
  struct Example: CustomTestStringConvertible, Sendable {
    var commands: [[String]]
    var json: String
    var testDescription: String { commands.last?.joined(separator: " ") ?? "(empty)" }
  }

  static let document = TestPaths.packageRoot.appendingPathComponent("docs/json.md")

  /// The `sh` blocks immediately followed by a `json` block, in order.
  static func examples() throws -> [Example] {
    let text = try String(contentsOf: document, encoding: .utf8)
    var blocks: [(language: String, body: String)] = []
    var language: String?
    var body: [String] = []
    for line in text.components(separatedBy: "\n") {
      if let open = language {
        if line == "```" {
          blocks.append((open, body.joined(separator: "\n")))
          language = nil
          body = []
        } else {
          body.append(line)
        }
      } else if line.hasPrefix("```") {
        language = String(line.dropFirst(3))
      }
    }
    var examples: [Example] = []
    for (index, block) in blocks.enumerated()
    where block.language == "sh" && index + 1 < blocks.count
      && blocks[index + 1].language == "json"
    {
      let commands = block.body.split(separator: "\n").map { line in
        line.split(separator: " ").map(String.init)
      }.filter { $0.first == "photogate" }.map { Array($0.dropFirst()) }
      examples.append(Example(commands: commands, json: blocks[index + 1].body))
    }
    return examples
  }

  @Test func theDocumentHasAnExampleForEveryCommandWithJSON() throws {
    let documented = Set(try Self.examples().compactMap { $0.commands.last?.first })
    #expect(
      documented.isSuperset(of: [
        "status", "settings", "request", "save", "select", "assets", "privacy", "restrict",
        "lint", "matrix", "snapshot", "changes",
      ]))
  }

  @Test(arguments: try examples())
  func exampleMatchesTheRealOutput(example: Example) throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    // Newest first is by date: give the files the dates the document assumes.
    let oldestFirst = [
      "grace-hopper-1984.jpg", "summer-palace-beijing.jpg", "coffee-cup-cutout-rgba.png",
      "Trips/retina-fundus.jpg",
    ]
    for (index, name) in oldestFirst.enumerated() {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60)],
        ofItemAtPath: fixture.library.appendingPathComponent(name).path)
    }
    var output = ""
    for command in example.commands {
      var arguments = command
      let name = command.first ?? ""
      if !["lint", "matrix"].contains(name) {
        if !PermissionCLIFixture.libraryFreeCommands.contains(name) {
          arguments += ["--library", fixture.library.path]
        }
        arguments += ["--state-dir", fixture.state.path]
        if !PermissionCLIFixture.appFreeCommands.contains(name) {
          arguments += ["--app", fixture.app]
        }
      }
      let result = try CLIRunner.run(arguments, currentDirectory: TestPaths.packageRoot)
      #expect(result.status == 0 || result.status == 2, "\(command): \(result.stderr)")
      output = result.stdout
    }
    #expect(!output.contains("[\n\n"), "an empty array printed over several lines")
    let actual = try JSONSerialization.jsonObject(
      with: Data(output.utf8), options: [.fragmentsAllowed])
    let documented = try JSONSerialization.jsonObject(
      with: Data(example.json.utf8), options: [.fragmentsAllowed])
    var differences: [String] = []
    Self.compare(documented, actual, at: "$", into: &differences)
    #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))\n\(output)")
  }

  /// Records where `documented` and `actual` differ: the same keys, the same array lengths
  /// (a documented array ending in "…" shows only its first elements), the same values; a
  /// documented absolute path only asks for a string.
  static func compare(_ documented: Any, _ actual: Any, at path: String, into diffs: inout [String])
  {
    switch (documented, actual) {
    case (let doc as [String: Any], let real as [String: Any]):
      if Set(doc.keys) != Set(real.keys) {
        diffs.append("\(path): keys \(doc.keys.sorted()) ≠ \(real.keys.sorted())")
        return
      }
      for key in doc.keys.sorted() {
        compare(doc[key]!, real[key]!, at: "\(path).\(key)", into: &diffs)
      }
    case (let doc as [Any], let real as [Any]):
      var shown = doc
      let shortened = (doc.last as? String) == "…"
      if shortened { shown.removeLast() }
      if shortened ? real.count < shown.count : real.count != shown.count {
        diffs.append("\(path): \(real.count) elements, documented \(doc.count)")
        return
      }
      for (index, element) in shown.enumerated() {
        compare(element, real[index], at: "\(path)[\(index)]", into: &diffs)
      }
    case (let doc as String, let real as String):
      if doc.hasPrefix("/") ? !real.hasPrefix("/") : doc != real {
        diffs.append("\(path): \"\(real)\", documented \"\(doc)\"")
      }
    case (is NSNull, is NSNull):
      break
    default:
      if "\(documented)" != "\(actual)" || type(of: documented) != type(of: actual) {
        diffs.append("\(path): \(actual), documented \(documented)")
      }
    }
  }
}
