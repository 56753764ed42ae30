import Foundation
import TestSupport
import Testing

/// `photogate show` through the built binary in a tmux pane: `--graphics auto` asks the
/// terminal it runs in, through stdin when that is the terminal, else through `/dev/tty`.
@Suite struct ShowTmuxTests {
  /// Inside tmux, with kitty's environment but no kitty answer (tmux answers the device
  /// attributes itself and passes nothing through), `auto` draws half blocks and says why: it
  /// can only know that from the terminal's answer. Without asking, it would send kitty
  /// pictures by the environment alone.
  @Test(
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed"),
    arguments: ["", "< /dev/null"])
  func autoAsksTheTerminalItRunsIn(stdin redirect: String) throws {
    let root = try TestPaths.makeTemporaryDirectory("show-tmux")
    defer { try? FileManager.default.removeItem(at: root) }
    let stderr = root.appendingPathComponent("stderr.txt")
    let file = TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg")
    let command = """
      export KITTY_WINDOW_ID=1 TERM=xterm-256color; unset TERM_PROGRAM NO_COLOR; \
      '\(CLIRunner.executable.path)' show --graphics auto --colors 256 --width 20 --height 6 \
      '\(file.path)' \(redirect) 2>'\(stderr.path)'; echo "EXITED:$?"; sleep 600
      """
    let session = try TmuxSession(command, columns: 80, rows: 24)
    defer { session.kill() }
    let screen = try session.waitFor("EXITED:0", timeout: 30)
    #expect(screen.contains("▀") || screen.contains("▄"), "no half blocks:\n\(screen)")
    let message = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
    #expect(message.contains("kitty images do not reach the terminal through tmux"), "\(message)")
  }
}
