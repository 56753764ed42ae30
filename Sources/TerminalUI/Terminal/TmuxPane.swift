import Foundation

/// The tmux pane the gallery runs in, as `tmux display-message` reports it: where the pane
/// is in tmux's window, and whether its `allow-passthrough` option lets escape sequences reach
/// the terminal outside tmux (kitty graphics need it).
public struct TmuxPane: Sendable {
  /// The pane's top-left cell in tmux's window.
  public var origin: (x: Int, y: Int)
  /// Whether `allow-passthrough` is on (or `all`) for the pane.
  public var passthrough: Bool

  /// The pane this process runs in (`TMUX_PANE`), or nil when tmux does not say.
  public static func current(_ environment: [String: String]) -> TmuxPane? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["tmux", "display-message", "-p"] + (environment["TMUX_PANE"].map { ["-t", $0] } ?? [])
      + ["#{pane_left} #{pane_top} #{allow-passthrough}"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return TmuxPane(reply: String(decoding: data, as: UTF8.self))
  }

  /// The pane a `display-message` reply describes ("left top passthrough"; tmux 3.3 writes
  /// the option as 0 or 1, later versions as off, on or all; before 3.3 there is no option and
  /// passthrough always works).
  public init?(reply: String) {
    let fields = reply.split(whereSeparator: \.isWhitespace)
    guard fields.count >= 2, let x = Int(fields[0]), let y = Int(fields[1]) else { return nil }
    origin = (x, y)
    let option = fields.count > 2 ? String(fields[2]) : ""
    passthrough = !["0", "off"].contains(option)
  }
}
