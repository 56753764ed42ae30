import Foundation
import ImageDecoding
import TestSupport
import Testing

/// `thumbs DIR`, `assets --library DIR` and the library scan list the same files, however odd
/// the folder: a symlinked album, links out of it, dangling links, loops, hidden files, a FIFO.
@Suite struct LibraryListingCLITests {
  static let expectedIDs = [
    "Favorites/retina-fundus.jpg", "Trips/retina-fundus.jpg", "coffee-cup-cutout-rgba.png",
    "grace-hopper-1984.jpg", "summer-palace-beijing.jpg",
  ]
  static let expectedSummary =
    "6 skipped: 2 not images, 1 dangling link, 1 link out of the library, 2 link loops"

  /// The CLI fixture's library, plus one entry of each odd kind.
  static func makeFixture() throws -> PermissionCLIFixture {
    let fixture = try PermissionCLIFixture()
    let library = fixture.library
    let manager = FileManager.default
    func link(_ path: String, _ destination: String) throws {
      try manager.createSymbolicLink(
        atPath: library.appendingPathComponent(path).path, withDestinationPath: destination)
    }
    let outside = fixture.root.appendingPathComponent("outside.jpg")
    try manager.copyItem(at: library.appendingPathComponent("grace-hopper-1984.jpg"), to: outside)
    try link("Favorites", "Trips")  // A symlinked album inside the library: listed.
    try link("escape.jpg", outside.path)  // Out of the library: skipped.
    try link("gone.jpg", "missing.jpg")  // Dangling: skipped.
    try link("Trips/loop", "..")  // Back to the root: a loop, seen as Trips/ and Favorites/.
    try Data("notes".utf8).write(to: library.appendingPathComponent("notes.txt"))
    try manager.copyItem(
      at: outside, to: library.appendingPathComponent(".hidden.jpg"))  // Hidden: not counted.
    #expect(mkfifo(library.appendingPathComponent("pipe.jpg").path, 0o600) == 0)
    return fixture
  }

  @Test func thumbsAndAssetsListTheSameFiles() throws {
    let fixture = try Self.makeFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let assets = try fixture.run("assets", "--json")
    #expect(assets.status == 0, "\(assets.stderr)")
    let listed = try #require(
      try JSONSerialization.jsonObject(with: Data(assets.stdout.utf8)) as? [[String: Any]])
    #expect(listed.compactMap { $0["id"] as? String }.sorted() == Self.expectedIDs)
    #expect(assets.stderr.contains(Self.expectedSummary))

    let cache = fixture.root.appendingPathComponent("cache")
    let thumbs = try CLIRunner.run(["thumbs", fixture.library.path, "--cache", cache.path])
    #expect(thumbs.status == 0, "\(thumbs.stderr)")
    #expect(
      thumbs.stdout.hasPrefix(
        "library: \(fixture.library.path)\n5 thumbnails: 5 new, 0 cached, 0 failed in "))
    #expect(thumbs.stdout.hasSuffix(" s\n\(Self.expectedSummary)\n"))
    // The very same files: one thumbnail per listed path, and nothing else.
    let made = try FileManager.default.contentsOfDirectory(
      atPath: cache.appendingPathComponent("large").path)
    let expected = listed.compactMap { $0["path"] as? String }.map {
      ThumbnailCache.cacheFileName(for: URL(fileURLWithPath: $0))
    }
    #expect(made.sorted() == expected.sorted())
  }

  @Test func verboseListsEverySkippedFileWithItsReason() throws {
    let fixture = try Self.makeFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    for result in [
      try fixture.run("assets", "--verbose"),
      try CLIRunner.run(
        [
          "thumbs", fixture.library.path, "--verbose", "--cache",
          fixture.root.appendingPathComponent("cache").path,
        ]),
    ] {
      #expect(result.status == 0, "\(result.stderr)")
      let skipped = result.stderr.split(separator: "\n").filter {
        $0.hasPrefix("photogate: skipped (")
      }
      let expected = [
        ("notAnImage", "notes.txt"), ("notAnImage", "pipe.jpg"), ("danglingLink", "gone.jpg"),
        ("linkOutsideLibrary", "escape.jpg"), ("linkLoop", "Trips/loop"),
        ("linkLoop", "Favorites/loop"),
      ]
      #expect(skipped.count == expected.count, "\(result.stderr)")
      for (reason, path) in expected {
        let prefix = "photogate: skipped (\(reason)): \(fixture.library.path)/\(path): "
        #expect(skipped.contains { $0.hasPrefix(prefix) }, "\(prefix)")
      }
    }
  }

  @Test func limitedAccessIsNotToldAboutSkippedFiles() throws {
    let fixture = try Self.makeFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    let result = try fixture.run("assets", "--verbose", "--alert", "keep")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("skipped"))
  }
}
