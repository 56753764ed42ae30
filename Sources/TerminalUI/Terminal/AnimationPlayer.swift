import Foundation
import ImageDecoding

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Plays an animated GIF or WebP in cells, as `timg` and `chafa` do: each frame drawn over
/// the previous one at the file's own delays (a delay under 20 ms counts as 100 ms, as
/// browsers do). On a terminal it loops until a key is pressed (raw mode, cursor hidden,
/// both restored on every exit path); elsewhere it plays once.
public struct AnimationPlayer {
  /// Where the frames go; its input is read for the key that stops the loop.
  public var terminal: Terminal
  public var renderer: ImageRenderer
  public var columns: Int
  public var rows: Int

  public init(terminal: Terminal, renderer: ImageRenderer, columns: Int, rows: Int) {
    self.terminal = terminal
    self.renderer = renderer
    self.columns = columns
    self.rows = rows
  }

  /// Plays the file at `path`; errors name it.
  public func play(_ path: String) throws {
    let interactive = terminal.isInteractive
    if interactive {
      try terminal.enterRawMode()
      terminal.restoreOnTerminationSignals()
      terminal.write(Array("\u{1B}[?25l".utf8))
    }
    defer {
      if interactive {
        terminal.write(Array("\u{1B}[?25h".utf8))
        terminal.restore()
      }
    }
    var reader = try ImageDecoder.frames(fileAt: path)
    var drawnRows = 0
    while true {
      guard let frame = try reader.next() else {
        guard interactive else { return }
        reader = try ImageDecoder.frames(fileAt: path)
        continue
      }
      let cells = renderer.render(frame.image, fittingColumns: columns, rows: rows)
      var bytes: [UInt8] = drawnRows > 0 ? Array("\u{1B}[\(drawnRows)A\r".utf8) : []
      for byte in AnsiText.encode(cells, colorMode: renderer.colorMode) {
        // Raw mode turns off output processing: a line feed needs its carriage return.
        if byte == 0x0A && interactive { bytes.append(0x0D) }
        bytes.append(byte)
      }
      terminal.write(bytes)
      drawnRows = cells.height
      let delay = frame.duration < 0.02 ? 0.1 : frame.duration
      if interactive {
        if !terminal.read(timeout: Int32(delay * 1000)).isEmpty { return }
      } else {
        usleep(useconds_t(delay * 1_000_000))
      }
    }
  }
}
