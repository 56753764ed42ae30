import Foundation
import TestSupport
import Testing

/// A running `photogate browse` and `photogate changes apply` run from another shell: the
/// gallery shows each transaction (new photos, counts moving, a favourite's badge).
@Suite(
  .enabled(
    if: TmuxSession.isAvailable, "tmux is not installed: the gallery's tmux tests are skipped")
)
struct GalleryChangesTmuxTests {
  @Test func aScriptFromAnotherShellDrivesTheGallery() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    #expect(try fixture.photogate("privacy", "grant", "photos").status == 0)
    let tmux = try TmuxSession(fixture.shell("browse '\(fixture.library.path)'"))
    defer { tmux.kill() }
    try tmux.waitFor("Status: authorized   Photos: 12")
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
}
