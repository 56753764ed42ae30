import Foundation
import TestSupport
import Testing

@testable import TerminalUI

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// `Terminal` against a pseudo-terminal: what raw mode changes, and that restore undoes it.
@Suite struct TerminalTests {
  static func bytes(of settings: termios) -> [UInt8] {
    withUnsafeBytes(of: settings) { Array($0) }
  }

  @Test func rawModeIsUndoneExactlyByRestore() throws {
    let pty = try PseudoTerminal()
    let original = pty.settings()
    let terminal = Terminal(input: pty.slave, output: pty.slave)
    try terminal.enterRawMode()
    let raw = pty.settings()
    #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
    #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
    terminal.restore()
    #expect(Self.bytes(of: pty.settings()) == Self.bytes(of: original))
    terminal.restore()
    #expect(Self.bytes(of: pty.settings()) == Self.bytes(of: original))
  }

  @Test func fullScreenIsLeftOnRestore() throws {
    let pty = try PseudoTerminal()
    let terminal = Terminal(input: pty.slave, output: pty.slave)
    try terminal.enterRawMode()
    terminal.enterFullScreen()
    #expect(pty.drain() == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    terminal.restore()
    #expect(pty.drain() == "\u{1B}[m\u{1B}[?25h\u{1B}[?1049l")
  }

  @Test func sizeIsTheWindowSize() throws {
    let pty = try PseudoTerminal()
    var size = winsize(ws_row: 33, ws_col: 101, ws_xpixel: 0, ws_ypixel: 0)
    #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &size) == 0)
    #expect(Terminal.size(of: pty.slave).map { [$0.columns, $0.rows] } == [101, 33])
    let pipe = Pipe()
    #expect(Terminal.size(of: pipe.fileHandleForWriting.fileDescriptor) == nil)
  }

  @Test func readReturnsWhatWasTypedAndEmptyOnTimeout() throws {
    let pty = try PseudoTerminal()
    let terminal = Terminal(input: pty.slave, output: pty.slave)
    try terminal.enterRawMode()
    defer { terminal.restore() }
    #expect(terminal.read(timeout: 10).isEmpty)
    #expect(Terminal.write(Array("q\u{1B}[A".utf8), to: pty.master))
    var decoder = KeyDecoder()
    #expect(decoder.decode(terminal.read(timeout: 1000)) == [.character("q"), .up])
  }
}

extension TerminalTests {
  @Test func readerHandsOverTypedBytesAndReportsTheClose() async throws {
    var pty: PseudoTerminal? = try PseudoTerminal()
    let terminal = Terminal(input: pty!.slave, output: pty!.slave)
    try terminal.enterRawMode()
    let received = Received()
    let reader = terminal.startReading(
      onBytes: { received.append($0) }, onClose: { received.close() })
    defer { reader.stop() }
    _ = write(pty!.master, "q", 1)
    try await received.wait { $0.bytes == Array("q".utf8) }
    pty = nil  // closing both ends: the reader sees an error or end of file
    try await received.wait { $0.closed }
  }

  final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var bytes: [UInt8] = []
    private(set) var closed = false

    func append(_ more: [UInt8]) { lock.withLock { bytes += more } }
    func close() { lock.withLock { closed = true } }

    /// Polls until `done` holds, for up to 5 s.
    func wait(_ done: (Received) -> Bool) async throws {
      for _ in 0..<500 {
        if lock.withLock({ done(self) }) { return }
        try await Task.sleep(nanoseconds: 10_000_000)
      }
      Issue.record("timed out")
    }
  }
}
