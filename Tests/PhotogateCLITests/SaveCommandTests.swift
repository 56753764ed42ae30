import Foundation
import TestSupport
import Testing

/// `photogate save` end to end: the "save as much as possible" flow and never-overwriting, atomic
/// saves.
@Suite struct SaveCommandTests {
  static var photo: String {
    TestPaths.sampleImages.appendingPathComponent("chelsea-the-cat.png").path
  }

  @Test(arguments: [
    ([String](), ["privacy", "grant", "photos"], "album"),
    (["deny", "ok"], [String](), "cameraRoll"),
    (["deny", "deny"], [], "nothing"),
    (["all"], [], "album"),
    ([], ["privacy", "grant", "photos-limited"], "cameraRoll"),
    ([], ["restrict", "on"], "nothing"),
  ])
  func saveFlowOutcome(answers: [String], setup: [String], outcome: String) throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    if !setup.isEmpty { #expect(try fixture.run(setup).status == 0) }
    let result = try fixture.run(
      ["save", Self.photo, "--album", "Cats", "--json"] + answers.flatMap { ["--answer", $0] })
    #expect(result.status == 0, "\(result.stderr)")
    let json = try jsonObject(result.stdout)
    #expect(json["outcome"] as? String == outcome)
    if outcome == "nothing" {
      #expect(json["path"] is NSNull)
    } else {
      let path = try #require(json["path"] as? String)
      #expect(FileManager.default.fileExists(atPath: path))
      #expect(path.contains("/Cats/") == (outcome == "album"))
    }
  }

  @Test func savesNeverOverwriteAndLimitedSavesJoinTheSelection() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    let first = try jsonObject(try fixture.run("save", Self.photo, "--json").stdout)
    let second = try jsonObject(try fixture.run("save", Self.photo, "--json").stdout)
    let paths = [first["path"] as? String, second["path"] as? String].compactMap { $0 }
    #expect(Set(paths).count == 2)
    #expect(
      try fixture.status()["selection"] as? [String] == [
        "chelsea-the-cat 2.png", "chelsea-the-cat.png",
      ])
  }

  @Test func addOnlyCannotSeeWhatItSaved() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos-add").status == 0)
    // The save flow asks for read/write first; Keep Add Only leaves add-only access.
    let saved = try jsonObject(
      try fixture.run("save", Self.photo, "--answer", "keep-add-only", "--json").stdout)
    #expect(saved["outcome"] as? String == "cameraRoll")
    let assets = try fixture.run("assets", "--json")
    #expect(assets.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
  }

  @Test func unansweredPromptDuringSaveExitsTwo() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let result = try fixture.run("save", Self.photo)
    #expect(result.status == 2)
    #expect(result.stderr.contains("--answer"))
  }

  @Test func missingFileIsReportedByName() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let result = try fixture.run("save", "/nonexistent/x.jpg")
    #expect(result.status == 1)
    #expect(result.stderr.contains("/nonexistent/x.jpg"))
  }

  /// (what is wrong, the file to save, the album, what the error says)
  @Test(arguments: [
    ("missing", "/nonexistent/photo.jpg", String?.none, "no such file"),
    ("not an image", "notes.txt", nil, "not an image"),
    ("a folder", "library", nil, "is a folder"),
    ("album with a slash", "photo", "Trips/2024", "invalid album name"),
    ("hidden album", "photo", ".secret", "invalid album name"),
  ])
  func badInputIsRefusedBeforeAnyPromptAndStoresNothing(
    what: String, file: String, album: String?, reason: String
  ) throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let notes = fixture.root.appendingPathComponent("notes.txt")
    try Data("not a picture".utf8).write(to: notes)
    let path =
      switch file {
      case "photo": Self.photo
      case "notes.txt": notes.path
      case "library": fixture.library.path
      default: file
      }
    let result = try fixture.run(
      ["save", path, "--answer", "all", "--answer", "ok"] + (album.map { ["--album", $0] } ?? []))
    #expect(result.status == 1, "\(what)")
    #expect(result.stderr.contains(reason), "\(what): \(result.stderr)")
    #expect(!result.stdout.contains("Would Like"), "\(what): a prompt was shown")
    let status = try fixture.status()
    #expect(status["readWrite"] as? String == "notDetermined")
    #expect(status["addOnly"] as? String == "notDetermined")
    #expect(status["settingsOptions"] as? [String] == [])
  }

  @Test func saveJSONListsThePromptsItShowed() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let result = try fixture.run(
      "save", Self.photo, "--album", "Keep", "--answer", "deny", "--answer", "ok", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let json = try jsonObject(result.stdout)
    #expect(json["outcome"] as? String == "cameraRoll")
    let prompts = try #require(json["prompts"] as? [[String: Any]])
    #expect(prompts.map { $0["level"] as? String } == ["readWrite", "addOnly"])
    #expect(prompts.map { $0["answer"] as? String } == ["Don’t Allow", "OK"])
  }
}
