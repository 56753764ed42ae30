import Foundation
import TestSupport
import Testing

/// An asset id names an asset, not a file name: a new photo saved under the name of a deleted
/// one is a new asset, which nothing recorded for the old one (a selection, a creation, a
/// favourite, hidden) applies to. Two apps, A and B, through the built binary.
@Suite struct ReusedNameCLITests {
  /// A library holding `one.png`, a different PNG to save as `one.png` later, and app A.
  struct Fixture {
    var base: PermissionCLIFixture
    /// The photo B saves; its name is `one.png`, so it lands as `one.png` once that is free.
    let newPhoto: URL

    init() throws {
      base = try PermissionCLIFixture()
      base.app = "com.example.a"
      let samples = TestPaths.sampleImages
      try FileManager.default.copyItem(
        at: samples.appendingPathComponent("coffee-cup-cutout-rgba.png"),
        to: base.library.appendingPathComponent("one.png"))
      let outside = base.root.appendingPathComponent("camera", isDirectory: true)
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
      newPhoto = outside.appendingPathComponent("one.png")
      try FileManager.default.copyItem(
        at: samples.appendingPathComponent("chelsea-the-cat.png"), to: newPhoto)
    }

    /// Runs as app B.
    func runAsB(_ arguments: String...) throws -> CLIRunner.Result {
      var b = base
      b.app = "com.example.b"
      return try b.run(arguments)
    }

    /// Deletes `one.png` (as another program would), then B, with full access, saves the new
    /// photo, which takes the free name.
    func replaceOne() throws {
      try FileManager.default.removeItem(at: base.library.appendingPathComponent("one.png"))
      #expect(try runAsB("privacy", "grant", "photos").status == 0)
      let saved = try jsonObject(try runAsB("save", newPhoto.path, "--json").stdout)
      #expect(saved["path"] as? String == base.library.appendingPathComponent("one.png").path)
    }

    /// App A's `assets --json`, by id.
    func assets() throws -> [String: [String: Any]] {
      let result = try base.run("assets", "--json")
      #expect(result.status == 0, "\(result.stderr)")
      let rows =
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
      var byID: [String: [String: Any]] = [:]
      for row in rows ?? [] { if let id = row["id"] as? String { byID[id] = row } }
      return byID
    }

    /// App A's smart album `title` count from `albums --json`.
    func albumCount(_ title: String) throws -> Int? {
      let result = try base.run("albums", "--json")
      let rows =
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
      return rows?.first { $0["title"] as? String == title }?["count"] as? Int
    }

    func remove() { base.remove() }
  }

  @Test func aSelectedNameTakenByANewPhotoIsNotSelected() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    #expect(try fixture.base.run("privacy", "grant", "photos-limited").status == 0)
    #expect(try fixture.base.run("select", "--add", "one.png").status == 0)
    #expect(try fixture.assets().keys.sorted() == ["one.png"])
    try fixture.replaceOne()
    #expect(try fixture.assets().isEmpty)
    #expect(try fixture.albumCount("Recents") == 0)
    #expect(try fixture.base.status()["selection"] as? [String] == [])
  }

  @Test func aCreationWhoseNameIsTakenByANewPhotoIsNotShown() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try FileManager.default.removeItem(at: fixture.base.library.appendingPathComponent("one.png"))
    #expect(try fixture.base.run("privacy", "grant", "photos-limited").status == 0)
    let own = fixture.base.root.appendingPathComponent("own.png")
    try FileManager.default.copyItem(
      at: TestPaths.sampleImages.appendingPathComponent("coffee-cup-cutout-rgba.png"), to: own)
    let renamed = fixture.base.root.appendingPathComponent("one.png")
    try FileManager.default.moveItem(at: own, to: renamed)
    #expect(try fixture.base.run("save", renamed.path).status == 0)
    #expect(try fixture.assets().keys.sorted() == ["one.png"])
    try fixture.replaceOne()
    #expect(try fixture.assets().isEmpty)
    #expect(try fixture.albumCount("Recents") == 0)
  }

  /// (command, the asset's JSON field, the smart album it puts the asset in)
  @Test(arguments: [("favorite", "isFavorite", "Favorites"), ("hide", "isHidden", "Hidden")])
  func aMarkedNameTakenByANewPhotoIsNotMarked(command: String, field: String, album: String)
    throws
  {
    let fixture = try Fixture()
    defer { fixture.remove() }
    #expect(try fixture.base.run("privacy", "grant", "photos").status == 0)
    #expect(try fixture.base.run(command, "one.png").status == 0)
    #expect(try fixture.assets()["one.png"]?[field] as? Bool == true)
    #expect(try fixture.albumCount(album) == 1)
    try fixture.replaceOne()
    #expect(try fixture.assets()["one.png"]?[field] as? Bool == false)
    #expect(try fixture.albumCount(album) == 0)
  }

  /// A state file written before identities were recorded holds bare ids: they keep naming
  /// the files found at first read, and only those.
  @Test func bareIDsOfAnOlderStateFileAdoptTheFilesFoundAtFirstRead() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    #expect(try fixture.base.run("privacy", "grant", "photos-limited").status == 0)
    #expect(try fixture.base.run("select", "--add", "one.png").status == 0)
    let file = fixture.base.state.appendingPathComponent("com.example.a.json")
    var stored = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    var value = try #require(stored["value"] as? [String: Any])
    #expect((value["assetFiles"] as? [String: String])?.keys.sorted() == ["one.png"])
    value.removeValue(forKey: "assetFiles")
    stored["value"] = value
    try JSONSerialization.data(withJSONObject: stored).write(to: file)
    #expect(try fixture.assets().keys.sorted() == ["one.png"])
    let adopted = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    let files = (adopted["value"] as? [String: Any])?["assetFiles"] as? [String: String]
    #expect(files?.keys.sorted() == ["one.png"])
    try fixture.replaceOne()
    #expect(try fixture.assets().isEmpty)
  }
}
