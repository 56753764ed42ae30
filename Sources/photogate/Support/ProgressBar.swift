import Foundation
import Synchronization
import TerminalUI

/// A one-line progress bar on standard error, redrawn in place with `\r` and erased at the end.
///
/// It draws only when standard error is a terminal (`isatty(2)`), so piped or logged runs get
/// nothing but the summary, and it redraws at most ten times a second however fast files go.
/// Safe to call from any thread. The bytes go out through `Terminal`, the one writer to a tty.
final class ProgressBar: Sendable {
  private let label: String
  private let enabled: Bool
  private let lastDraw = Mutex<ContinuousClock.Instant?>(nil)

  init(label: String, enabled: Bool = isatty(STDERR_FILENO) == 1) {
    self.label = label
    self.enabled = enabled
  }

  /// Shows `done` of `total`; skipped when the last redraw was under 100 ms ago, unless done.
  func update(done: Int, total: Int) {
    guard enabled else { return }
    let now = ContinuousClock.now
    let due = lastDraw.withLock { last -> Bool in
      if done < total, let last, now - last < .milliseconds(100) { return false }
      last = now
      return true
    }
    if due { Self.write("\r" + Self.line(label: label, done: done, total: total) + "\u{1B}[K") }
  }

  /// Erases the bar, leaving the cursor at the start of an empty line.
  func clear() {
    guard enabled else { return }
    Self.write("\r\u{1B}[K")
  }

  /// `[#######-------]  12/64 label`, with a bar 30 cells wide.
  static func line(label: String, done: Int, total: Int, width: Int = 30) -> String {
    let filled = total > 0 ? min(width, done * width / total) : width
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    return "[\(bar)] \(done)/\(total) \(label)"
  }

  private static func write(_ text: String) {
    Terminal.write(Array(text.utf8), to: STDERR_FILENO)
  }
}
