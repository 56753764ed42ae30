import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal of the test's own between `photogate` and a terminal emulator, so that
/// the test can type keys: what `photogate` writes reaches the emulator's screen (a `cat` in
/// the emulator copies it from a FIFO), what the emulator sends back (its replies to
/// queries) returns to `photogate` (a second `cat` copies the emulator's input into another
/// FIFO), and ``type(_:)`` adds keys as a user at the emulator would. Both directions are
/// logged.
final class TerminalRelay: @unchecked Sendable {
  let folder: URL
  /// The pty: the relay holds the master, `photogate` runs on the slave.
  let pty: PseudoTerminal
  var master: Int32 { pty.master }
  var slave: Int32 { pty.slave }
  private let toScreen: Int32
  private let fromKeyboard: Int32
  private let lock = NSLock()
  private var written: [UInt8] = []
  private var answered: [UInt8] = []
  private var running = true
  private var threads = 0

  /// The emulator's command line: raw mode and no echo (the bytes pass unchanged), its size
  /// in cells to `size`, then the two copies.
  var emulatorScript: String {
    let f = folder.path
    return "stty raw -echo; stty size > '\(f)/size.tmp'; mv '\(f)/size.tmp' '\(f)/size'; "
      + "cat '\(f)/screen' & exec cat > '\(f)/keyboard'"
  }

  init(folder: URL) throws {
    self.folder = folder
    for name in ["screen", "keyboard"] {
      guard mkfifo(folder.appendingPathComponent(name).path, 0o600) == 0 else {
        throw RealTerminal.Failure(description: "mkfifo \(name): errno \(errno)")
      }
    }
    // Read-write: opening does not wait for the other end.
    toScreen = open(folder.appendingPathComponent("screen").path, O_RDWR | O_CLOEXEC)
    fromKeyboard = open(folder.appendingPathComponent("keyboard").path, O_RDWR | O_CLOEXEC)
    pty = try PseudoTerminal()
    guard toScreen >= 0, fromKeyboard >= 0 else {
      throw RealTerminal.Failure(description: "cannot open the FIFOs")
    }
    pump(from: master, to: toScreen) { [self] bytes in lock.withLock { written += bytes } }
    pump(from: fromKeyboard, to: master) { [self] bytes in lock.withLock { answered += bytes } }
  }

  /// Everything `photogate` wrote so far.
  var output: [UInt8] { lock.withLock { written } }
  /// Everything the emulator sent so far (its replies; typed keys are not included).
  var replies: [UInt8] { lock.withLock { answered } }

  /// Waits for the emulator to report its size, and gives the pty that size.
  func waitForSize(seconds: Double = 30) throws -> (columns: Int, rows: Int) {
    let path = folder.appendingPathComponent("size").path
    guard RealTerminal.waitFor(path, seconds: seconds),
      let text = try? String(contentsOfFile: path, encoding: .utf8)
    else { throw RealTerminal.Failure(description: "the terminal did not start") }
    let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard numbers.count == 2 else { throw RealTerminal.Failure(description: "size: \(text)") }
    var size = winsize()
    size.ws_row = UInt16(numbers[0])
    size.ws_col = UInt16(numbers[1])
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    return (numbers[1], numbers[0])
  }

  /// Gives the pty a size in pixels too (what a terminal, or tmux, puts in `TIOCGWINSZ`).
  func setPixels(columns: Int, rows: Int, cellWidth: Int, cellHeight: Int) {
    var size = winsize()
    size.ws_row = UInt16(rows)
    size.ws_col = UInt16(columns)
    size.ws_xpixel = UInt16(columns * cellWidth)
    size.ws_ypixel = UInt16(rows * cellHeight)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Types `text` into the pty, as if at the emulator's keyboard.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Waits until `condition` holds for the output and nothing more was written for `quiet`
  /// seconds; throws naming `what` after `timeout`.
  func waitForOutput(
    _ what: String, quiet: Double = 1, timeout: Double = 60, _ condition: ([UInt8]) -> Bool
  ) throws {
    let deadline = Date().addingTimeInterval(timeout)
    var last = -1
    var since = Date()
    while Date() < deadline {
      let now = output
      if now.count != last {
        last = now.count
        since = Date()
      } else if condition(now), Date().timeIntervalSince(since) >= quiet {
        return
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw RealTerminal.Failure(description: "\(what) never happened")
  }

  /// Bytes waiting unread on the pty (left for whatever reads the terminal next).
  func unread() -> [UInt8] {
    var raw = termios()
    tcgetattr(slave, &raw)
    cfmakeraw(&raw)
    tcsetattr(slave, TCSANOW, &raw)
    var out: [UInt8] = []
    var pollfd = Glibc.pollfd(fd: slave, events: Int16(POLLIN), revents: 0)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while poll(&pollfd, 1, 100) > 0 {
      let count = read(slave, &buffer, buffer.count)
      if count <= 0 { break }
      out += buffer[0..<count]
    }
    return out
  }

  /// Stops copying and closes every descriptor.
  func stop() {
    lock.withLock { running = false }
    while lock.withLock({ threads }) > 0 { Thread.sleep(forTimeInterval: 0.02) }
    for fd in [toScreen, fromKeyboard] { close(fd) }
  }

  private func pump(
    from source: Int32, to target: Int32, log: @escaping @Sendable ([UInt8]) -> Void
  ) {
    lock.withLock { threads += 1 }
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 65536)
      var pollfd = Glibc.pollfd(fd: source, events: Int16(POLLIN), revents: 0)
      while lock.withLock({ running }) {
        guard poll(&pollfd, 1, 50) > 0 else { continue }
        let count = read(source, &buffer, buffer.count)
        if count <= 0 {
          Thread.sleep(forTimeInterval: 0.05)
          continue
        }
        log(Array(buffer[0..<count]))
        var sent = 0
        while sent < count {
          let n = buffer.withUnsafeBytes { write(target, $0.baseAddress! + sent, count - sent) }
          if n <= 0 { break }
          sent += n
        }
      }
      lock.withLock { threads -= 1 }
    }
  }
}
