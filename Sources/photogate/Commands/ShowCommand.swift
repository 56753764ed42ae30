import ArgumentParser
import Foundation
import ImageDecoding
import TerminalUI

/// `photogate show`: Print ANSI previews of image files, as `chafa` does.
///
/// Sized to the terminal when stdout is one (`TIOCGWINSZ`), else to `--width`/`--height`
/// (default 80 × 24); colours from `--colors` or the environment (`NO_COLOR`, `COLORTERM`,
/// `TERM`). A file that cannot be read is reported on stderr and the others still print;
/// the exit status is then 1. With `--animate`, animated GIF and WebP files play at their own
/// frame delays, as `timg` and `chafa` do: until a key is pressed on a terminal, once through
/// otherwise.
struct ShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Print ANSI previews of image files."
  )

  @Argument(help: "The images to show.")
  var files: [String]

  @Option(help: "Columns to fit the preview in (default: the terminal's width, else 80).")
  var width: Int?

  @Option(help: "Rows to fit the preview in (default: the terminal's height - 1, else 24).")
  var height: Int?

  @Option(help: "truecolor|256|16|none (default: from NO_COLOR, COLORTERM and TERM).")
  var colors: ColorMode?

  @Option(
    help: "What shows through transparency: checkerboard, terminal, or a colour RRGGBB.")
  var background: String = "checkerboard"

  @Flag(
    help:
      "Play animated GIF and WebP files at their own frame delays until a key is pressed (once through when not on a terminal)."
  )
  var animate = false

  func validate() throws {
    if let width, width < 1 { throw ValidationError("--width must be at least 1") }
    if let height, height < 1 { throw ValidationError("--height must be at least 1") }
    if ImageBackground(argument: background) == nil {
      throw ValidationError("--background must be checkerboard, terminal or RRGGBB")
    }
  }

  func run() throws {
    let terminalSize = isatty(STDOUT_FILENO) == 1 ? Terminal.size(of: STDOUT_FILENO) : nil
    let columns = width ?? terminalSize?.columns ?? 80
    let rows = height ?? terminalSize.map { max(1, $0.rows - 1) } ?? 24
    let renderer = ImageRenderer(
      colorMode: colors ?? ColorMode.detect(environment: ProcessInfo.processInfo.environment),
      background: ImageBackground(argument: background) ?? .checkerboard)
    var failed = false
    for file in files {
      do {
        if animate, try ImageDecoder.info(ofFileAt: file).frameCount > 1 {
          try play(file, renderer: renderer, columns: columns, rows: rows)
          continue
        }
        let image = try ImageRenderer.loadImage(file, columns: columns, rows: rows)
        let cells = renderer.render(image, fittingColumns: columns, rows: rows)
        Terminal.write(AnsiText.encode(cells, colorMode: renderer.colorMode), to: STDOUT_FILENO)
      } catch {
        failed = true
        StandardError.write("photogate: \(error)\n")
      }
    }
    if failed { throw ExitCode.failure }
  }
}

extension ShowCommand {
  /// Draws each frame of the animation at `path` over the previous one and waits its delay
  /// (a delay under 20 ms counts as 100 ms, as browsers do); on a terminal it loops until a
  /// key is pressed, elsewhere it plays once.
  func play(_ path: String, renderer: ImageRenderer, columns: Int, rows: Int) throws {
    let terminal = Terminal()
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
      Terminal.write(bytes, to: STDOUT_FILENO)
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

extension ColorMode: ExpressibleByArgument {}

extension ImageBackground {
  /// `checkerboard`, `terminal` or a hex colour `RRGGBB` (with or without `#`).
  init?(argument: String) {
    switch argument.lowercased() {
    case "checkerboard", "checker": self = .checkerboard
    case "terminal", "none": self = .terminal
    default:
      let hex = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
      guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
      self = .color(RGB(UInt8(value >> 16), UInt8((value >> 8) & 255), UInt8(value & 255)))
    }
  }
}
