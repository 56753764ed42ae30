import Foundation
import TestSupport
import Testing

/// The gallery's graphics inside tmux, whose `allow-passthrough` is off by default: kitty's
/// query never reaches the terminal, so `auto` falls back to half blocks and says why.
@Suite(
  .serialized,
  .enabled(
    if: TmuxSession.isAvailable, "tmux is not installed: the gallery's tmux tests are skipped")
)
struct GalleryGraphicsTmuxTests {
  @Test func withoutPassthroughKittyFallsBackToHalfBlocksWithAOneLineNote() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    #expect(try fixture.photogate("privacy", "grant", "photos").status == 0)
    let tmux = try TmuxSession(
      "export KITTY_WINDOW_ID=1; unset PHOTOGATE_GRAPHICS; "
        + fixture.shell("browse '\(fixture.library.path)' --graphics auto"))
    defer { tmux.kill() }
    let screen = try tmux.waitFor("'set -g allow-passthrough on' lets them")
    #expect(screen.contains("kitty images do not reach the terminal through tmux"))
    #expect(screen.contains("showing half blocks"))
    // Cells in the tiles (half blocks, or shades without colour), and no kitty command
    // reached the pane as text.
    try tmux.waitUntil("the thumbnails in cells") { lines in
      lines.contains { line in "▀▄░▒▓█".contains { line.contains($0) } }
    }
    #expect(!(try tmux.capture()).contains("_G"))
    try tmux.send("q")
    let end = try tmux.waitFor("EXITED:")
    #expect(end.contains("EXITED:0 TTY:RESTORED"))
  }
}
