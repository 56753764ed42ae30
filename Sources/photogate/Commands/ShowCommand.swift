import ArgumentParser
import Foundation
import ImageDecoding
import TerminalUI

/// `photogate show`: Print ANSI previews of image files, as `chafa` does.
///
/// Sized to the terminal when stdout is one (`TIOCGWINSZ`), else to `--width`/`--height`
/// (default 80 × 24); colours from `--colors` or the environment (`NO_COLOR`, `COLORTERM`,
/// `TERM`). A file that cannot be read is reported on stderr and the others still print;
/// the exit status is then 1.
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
    let colorMode =
      colors ?? ColorMode.detect(environment: ProcessInfo.processInfo.environment)
    let previews: any PreviewBackend = HalfBlockPreviews(
      ImageRenderer(
        colorMode: colorMode, background: ImageBackground(argument: background) ?? .checkerboard))
    var failed = false
    for file in files {
      do {
        let image = try ImageRenderer.loadImage(file, columns: columns, rows: rows)
        let preview = previews.preview(image, fittingColumns: columns, rows: rows)
        Terminal.write(AnsiText.encode(preview.cells, colorMode: colorMode), to: STDOUT_FILENO)
      } catch {
        failed = true
        StandardError.write("photogate: \(error)\n")
      }
    }
    if failed { throw ExitCode.failure }
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
