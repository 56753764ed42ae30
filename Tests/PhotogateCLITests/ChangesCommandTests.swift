import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// `photogate changes apply|check` through the built binary: errors name the script and the
/// line, a dry run changes nothing, applying does what the dry run said, the JSON shape.
@Suite struct ChangesCommandTests {
  /// A library with two apps' state files (full, limited to one photo) and a script folder.
  struct Fixture {
    let base: PermissionCLIFixture

    init() throws {
      base = try PermissionCLIFixture()
      // Newest first is by date: give the files dates of their own, oldest first.
      let oldestFirst = [
        "grace-hopper-1984.jpg", "summer-palace-beijing.jpg", "coffee-cup-cutout-rgba.png",
        "Trips/retina-fundus.jpg",
      ]
      for (index, name) in oldestFirst.enumerated() {
        try FileManager.default.setAttributes(
          [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60)],
          ofItemAtPath: base.library.appendingPathComponent(name).path)
      }
      try FileManager.default.copyItem(
        at: TestPaths.sampleImages.appendingPathComponent("coffee-cup-progressive.jpg"),
        to: base.root.appendingPathComponent("cup.jpg"))
      for (app, answer, select) in [
        ("com.example.full", "allow", [String]()),
        ("com.example.limited", "limited", ["--select", "grace-hopper-1984.jpg"]),
      ] {
        let result = try CLIRunner.run(
          ["request", "readWrite", "--answer", answer] + select + options + ["--app", app])
        #expect(result.status == 0, "\(result.stderr)")
      }
    }

    var options: [String] { ["--library", base.library.path, "--state-dir", base.state.path] }

    /// Writes `text` as `name` beside the library and returns its path.
    func script(_ text: String, name: String = "changes.txt") throws -> String {
      let url = base.root.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      return url.path
    }

    func changes(_ arguments: String...) throws -> CLIRunner.Result {
      try CLIRunner.run(["changes"] + arguments + options)
    }

    /// Every file and folder below the library and the state folder with its bytes: what a
    /// dry run must leave as it was.
    func contents() throws -> [String: Data] {
      var found: [String: Data] = [:]
      for folder in [base.library, base.state] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
          let url = folder.appendingPathComponent(path)
          found[url.path] = (try? Data(contentsOf: url)) ?? Data()
        }
      }
      return found
    }

    func remove() { try? FileManager.default.removeItem(at: base.root) }
  }

  static let script = """
    # another app imports a photo
    transaction import
      insert cup.jpg into Trips
      favourite grace-hopper-1984.jpg
    end
    wait 20ms
    move Trips/retina-fundus.jpg out of Trips
    """

  @Test func aDryRunChangesNothingAndSaysWhatEachAppHears() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.script(Self.script)
    let before = try fixture.contents()
    let result = try fixture.changes("apply", path, "--dry-run")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try fixture.contents() == before)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasSuffix("nothing is changed") == true)
    #expect(lines.contains("transaction 1 (import): +Trips/cup.jpg ~grace-hopper-1984.jpg"))
    #expect(
      lines.contains(
        "  com.example.full (full): +Trips/cup.jpg ~grace-hopper-1984.jpg; all photos 4 → 5 "
          + "(inserted 0; changed 4)"))
    #expect(
      lines.contains(
        "  com.example.limited (limited (1 selected)): ~grace-hopper-1984.jpg; all photos 1 → 1 "
          + "(changed 0)"))
    #expect(lines.contains("wait 20ms"))
    #expect(lines.contains("  com.example.limited (limited (1 selected)): no notice"))
  }

  @Test func applyingDoesWhatTheDryRunSaid() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.script(Self.script)
    let result = try fixture.changes("apply", path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.split(separator: "\n") == [
        "transaction 1 (import): +Trips/cup.jpg ~grace-hopper-1984.jpg",
        "wait 20ms",
        "transaction 2: +retina-fundus.jpg -Trips/retina-fundus.jpg",
        "applied 2 transactions to \(fixture.base.library.path)",
      ])
    let manager = FileManager.default
    #expect(
      manager.fileExists(atPath: fixture.base.library.appendingPathComponent("Trips/cup.jpg").path))
    #expect(
      manager.fileExists(
        atPath: fixture.base.library.appendingPathComponent("retina-fundus.jpg").path))
    let assets = try CLIRunner.run(
      ["assets", "--json"] + fixture.options + ["--app", "com.example.full"])
    #expect(assets.stdout.contains("\"isFavorite\" : true"))
    // The same script again: the cup is there now, so nothing is changed.
    let again = try fixture.changes("apply", path)
    #expect(again.status == 1)
    #expect(again.stderr == "photogate: \(path):3: 'Trips/cup.jpg' already exists in the library\n")
  }

  /// Script mistakes and refusals: the script's path, the line, the reason; exit 1; nothing
  /// changed.
  static let mistakes: [(script: String, message: String)] = [
    ("transaction\n  insert cup.jpg\n", ":1: the transaction of line 1 has no 'end'"),
    ("\n\nfrobnicate a.jpg\n", ":3: unknown change 'frobnicate'"),
    ("delete nothing.jpg\n", ":1: no asset 'nothing.jpg' in the library"),
    ("favourite Trips/nope.jpg\n", ":1: no asset 'Trips/nope.jpg' in the library"),
    ("insert missing.jpg\n", ":1: "),
  ]

  @Test(arguments: mistakes)
  func mistakesNameTheScriptAndTheLine(script: String, message: String) throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.script(script)
    let before = try fixture.contents()
    for command in ["apply", "check"] {
      let result = try fixture.changes(command, path)
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix("photogate: \(path)\(message)"), "\(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    #expect(try fixture.contents() == before)
  }

  /// A script that is no regular file (a FIFO would block a reader for ever, a device never
  /// ends) or is too large is refused at once, named, and nothing is read or changed.
  @Test func aScriptThatIsNoRegularFileOrTooLargeIsRefused() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let fifo = fixture.base.root.appendingPathComponent("script.fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let large = fixture.base.root.appendingPathComponent("large.txt")
    try Data(repeating: UInt8(ascii: "#"), count: ChangeScript.longestText + 1).write(to: large)
    let before = try fixture.contents()
    for (path, reason) in [
      (fifo, "is a FIFO (named pipe), not a regular file"), ("/dev/zero", "is a character device"),
      (large.path, "is \(ChangeScript.longestText + 1) bytes, over the limit"),
    ] {
      let result = try fixture.changes("apply", path)
      #expect(result.status == 1, "\(path)")
      #expect(result.stderr.hasPrefix("photogate: \(path): \(reason)"), "\(result.stderr)")
    }
    #expect(try fixture.contents() == before)
  }

  @Test func aMissingScriptOrLibraryIsNamed() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let missing = fixture.base.root.appendingPathComponent("nope.txt").path
    let result = try fixture.changes("apply", missing)
    #expect(result.status == 1)
    #expect(result.stderr == "photogate: \(missing): no such script\n")
    let path = try fixture.script("album create X\n")
    let gone = try CLIRunner.run([
      "changes", "apply", path, "--library", "/nonexistent-library", "--state-dir",
      fixture.base.state.path,
    ])
    #expect(gone.status == 1)
    #expect(gone.stderr.contains("/nonexistent-library does not exist"))
  }

  @Test func checkSaysTheScriptIsValid() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.script(Self.script)
    let result = try fixture.changes("check", path)
    #expect(result.status == 0)
    #expect(result.stdout == "\(path): 2 transactions, valid\n")
  }

  /// The shape docs/json.md documents.
  @Test func theJSONShape() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.script(Self.script)
    let result = try fixture.changes("apply", path, "--dry-run", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(Set(json.keys) == ["script", "library", "dryRun", "steps"])
    #expect(json["dryRun"] as? Bool == true)
    let steps = try #require(json["steps"] as? [[String: Any]])
    #expect(steps.map { $0["kind"] as? String } == ["transaction", "wait", "transaction"])
    #expect(steps[1]["milliseconds"] as? Int == 20)
    let first = steps[0]
    #expect(
      Set(first.keys) == [
        "kind", "number", "name", "line", "inserted", "removed", "changed", "apps",
      ])
    #expect(first["inserted"] as? [String] == ["Trips/cup.jpg"])
    let apps = try #require(first["apps"] as? [[String: Any]])
    #expect(apps.map { $0["app"] as? String } == ["com.example.full", "com.example.limited"])
    #expect(
      Set(apps[0].keys) == [
        "app", "access", "delivered", "inserted", "removed", "changed", "countBefore",
        "countAfter", "incremental", "removedIndexes", "insertedIndexes", "changedIndexes",
        "moves",
      ])
    #expect(apps[0]["insertedIndexes"] as? [Int] == [0])
    #expect(apps[1]["changedIndexes"] as? [Int] == [0])
    #expect(apps[1]["access"] as? String == "limited (1 selected)")
    #expect(apps[1]["changed"] as? [String] == ["grace-hopper-1984.jpg"])
    #expect(apps[0]["countAfter"] as? Int == 5)
  }
}
