import Foundation
import TestSupport
import Testing

/// A running `photogate browse`, and `photogate changes apply`, `favorite` or `cloud` run from
/// another shell: the gallery shows each transaction (new photos, counts moving, a favourite's
/// badge); a favourite or an offload made there shows on the tile at once, and opening the
/// tile downloads it at the network's speed (its progress, then the picture), or says why it
/// failed.
@Suite(
  .enabled(
    if: TmuxSession.isAvailable, "tmux is not installed: the gallery's tmux tests are skipped")
)
struct GalleryChangesTmuxTests {
  @Test func aScriptFromAnotherShellDrivesTheGallery() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    let tmux = try browse(fixture)
    defer { tmux.kill() }
    #expect(!(try tmux.capture().contains("♥")))

    let imported = try apply(
      """
      transaction import
        insert library/summer-palace-beijing.jpg as imported.jpg
        insert library/retina-fundus.jpg as imported.jpg into Trips
      end
      """, fixture: fixture)
    #expect(imported == ["transaction 1 (import): +Trips/imported.jpg +imported.jpg"])
    try tmux.waitFor("Status: authorized   Photos: 14")
    #expect(try tmux.capture().contains("imported.jpg"))
    #expect(!(try tmux.capture().contains("♥")))

    // A flag lives in the state folder, not the library: the transaction's marker announces it.
    #expect(
      try apply("favourite imported.jpg", fixture: fixture) == ["transaction 1: ~imported.jpg"])
    try tmux.waitFor("♥")
    #expect(try tmux.capture().contains("Photos: 14"))
    #expect(
      try apply("delete Trips/imported.jpg", fixture: fixture)
        == ["transaction 1: -Trips/imported.jpg"])
    try tmux.waitFor("Status: authorized   Photos: 13")
    try tmux.send("q")
    #expect(try tmux.waitFor("EXITED:").contains("EXITED:0 TTY:RESTORED"))
  }

  /// Runs `photogate changes apply` on `text` as another shell would; returns the lines it
  /// printed before its summary.
  func apply(_ text: String, fixture: GalleryFixture) throws -> [String] {
    let script = fixture.root.appendingPathComponent("changes-\(UUID().uuidString).txt")
    try Data(text.utf8).write(to: script)
    let result = try fixture.photogate("changes", "apply", script.path)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").dropLast().map(String.init)
  }

  /// A gallery with full access over the fixture's library, its twelve photos listed.
  func browse(_ fixture: GalleryFixture) throws -> TmuxSession {
    #expect(try fixture.photogate("privacy", "grant", "photos").status == 0)
    let tmux = try TmuxSession(fixture.shell("browse '\(fixture.library.path)'"))
    try tmux.waitFor("Status: authorized   Photos: 12")
    return tmux
  }

  @Test func anOffloadFromAnotherShellThenTheDownloadInThePreview() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    let tmux = try browse(fixture)
    defer { tmux.kill() }
    #expect(!(try tmux.capture().contains("☁")))
    // The first tile, selected at launch: the first asset listed.
    let listed = try fixture.photogate("assets").stdout.split(separator: "\n")
    let first = try #require(listed.dropFirst().first?.split(separator: "\t").first).description
    let size = try #require(
      FileManager.default.attributesOfItem(
        atPath: fixture.library.appendingPathComponent(first).path)[.size] as? Int)

    // Another shell favourites it, then takes it back: the heart comes and goes.
    #expect(try fixture.photogate("favorite", first).status == 0)
    try tmux.waitFor("♥")
    #expect(try fixture.photogate("favorite", "--undo", first).status == 0)
    try tmux.waitUntil("the heart's removal") { !$0.joined().contains("♥") }

    // Another shell offloads the first photo: its tile gets the cloud without a key pressed.
    try cloud("offload", first, fixture: fixture)
    try tmux.waitUntil("the first tile's cloud") { Self.firstTileRow($0)?.contains("☁") == true }
    // A slow network (four seconds for the file): the preview shows the download going.
    try cloud("network", "--speed", "\(size / 4)", "--latency", "0ms", fixture: fixture)
    try tmux.send("Enter")
    try tmux.waitUntil("a download between 1% and 99%") { lines in
      lines.contains { line in Self.percent(in: line).map { (1...99).contains($0) } ?? false }
    }
    // Then the picture: no cloud left on the screen, and the photo is on the device again.
    try tmux.waitUntil("the end of the download") { !$0.joined().contains("☁") }
    #expect(try fixture.photogate("cloud", "status").stdout.contains("in iCloud only: none"))
    try tmux.send("Escape")
    try tmux.waitFor("Status: authorized   Photos: 12")

    // Every download fails: the preview says why, the tile says it failed.
    try cloud("offload", first, fixture: fixture)
    try tmux.waitUntil("the first tile's cloud") { Self.firstTileRow($0)?.contains("☁") == true }
    try cloud("network", "--fail-rate", "1", "--speed", "500kB/s", fixture: fixture)
    try tmux.send("Enter")
    try tmux.waitFor("☁ Could not download from iCloud: the download from iCloud broke off at ")
    try tmux.send("Escape")
    try tmux.waitUntil("the first tile's failure") {
      Self.firstTileRow($0)?.contains("☁ failed") == true
    }
    #expect(try fixture.photogate("cloud", "status").stdout.contains(first))
    try tmux.send("q")
    #expect(try tmux.waitFor("EXITED:").contains("EXITED:0 TTY:RESTORED"))
  }

  /// Runs `photogate cloud arguments…` as another shell would.
  func cloud(_ arguments: String..., fixture: GalleryFixture) throws {
    let result = try CLIRunner.run(
      ["cloud"] + arguments + [
        "--library", fixture.library.path, "--state-dir",
        fixture.state.path,
      ])
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// The first row of the grid's first tile (the line after the top of its frame).
  static func firstTileRow(_ lines: [String]) -> String? {
    guard let top = lines.firstIndex(where: { $0.hasPrefix("┌") }), top + 1 < lines.count
    else { return nil }
    return String(lines[top + 1].prefix(24))
  }

  /// NN in "Downloading from iCloud… NN%".
  static func percent(in line: String) -> Int? {
    guard let range = line.range(of: "Downloading from iCloud… ") else { return nil }
    return Int(line[range.upperBound...].prefix { $0.isNumber })
  }
}
