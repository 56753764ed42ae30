import ArgumentParser
import Foundation
import ImageDecoding
import TerminalUI

/// `photogate show`: Print previews of image files, as `chafa` does: half blocks, or real
/// pixels through a terminal graphics protocol (kitty, sixel, iTerm2).
///
/// Sized to the terminal when stdout is one (`TIOCGWINSZ`), else to `--width`/`--height`
/// (default 80 × 24); colours from `--colors` or the environment (`NO_COLOR`, `COLORTERM`,
/// `TERM`). `--graphics auto` asks the terminal once what it speaks (with a short timeout)
/// and writes protocol output only to a terminal; a named protocol is written anywhere.
/// A file that cannot be read is reported on stderr and the others still print; the exit
/// status is then 1. With `--animate`, animated GIF and WebP files play at their own frame
/// delays, as `timg` and `chafa` do: until a key is pressed on a terminal, once through
/// otherwise (in cells: half blocks or shades).
struct ShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Print ANSI previews of image files."
  )

  @Argument(help: "The images to show.")
  var files: [String]

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Columns to fit the preview in, \(ShowCommand.widthRange.text) (default: the terminal's "
        + "width, else 80).", valueName: "N"))
  var width: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Rows to fit the preview in, \(ShowCommand.heightRange.text) (default: the terminal's "
        + "height - 1, else 24).", valueName: "N"))
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

  @Option(
    help: """
      auto|kitty|sixel|iterm|blocks|none (default: $PHOTOGATE_GRAPHICS, else auto). \
      auto uses a graphics protocol only on a terminal that answers for it; none draws \
      shades without colour.
      """)
  var graphics: GraphicsChoice?

  @Option(
    help: "How sixel maps pixels to its palette: none (nearest colour) or fs (Floyd–Steinberg).")
  var dither: SixelDitherArgument = .none

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      """
      The pixels of one cell for graphics, WxH, each \(CellSizeArgument.range.text) (default: \
      what the terminal reports, else 10x20).
      """, valueName: "WxH"))
  var cellSize: String?

  /// `--width`: no terminal is wider, and 1,000 × 1,000 half-block cells take a few seconds.
  static let widthRange = OptionRange(option: "--width", lowerBound: 1, upperBound: 1000)
  /// `--height`.
  static let heightRange = OptionRange(option: "--height", lowerBound: 1, upperBound: 1000)

  func validate() throws {
    try Self.widthRange.check(width)
    try Self.heightRange.check(height)
    if let cellSize, CellSizeArgument(argument: cellSize) == nil {
      throw ValidationError(
        "--cell-size must be WxH, each \(CellSizeArgument.range.text); got \(cellSize)")
    }
    if ImageBackground(argument: background) == nil {
      throw ValidationError("--background must be checkerboard, terminal or RRGGBB")
    }
  }

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let choice = try graphics ?? Self.choice(from: environment)
    let terminalSize = Terminal.size(of: STDOUT_FILENO)
    let columns = width ?? terminalSize?.columns ?? 80
    let rows = height ?? terminalSize.map { max(1, $0.rows - 1) } ?? 24
    let colorMode =
      choice == .none ? .none : colors ?? ColorMode.detect(environment: environment)
    let negotiation = GraphicsNegotiation.negotiate(
      choice, environment: environment,
      cell: cellSize.flatMap { CellSizeArgument(argument: $0)?.cell })
    if let note = negotiation.note { StandardError.write("photogate: \(note)\n") }
    if negotiation.graphics != nil {
      try Self.checkPixelBudget(columns: columns, rows: rows, cell: negotiation.cell)
    }
    let printer = ImagePrinter(
      terminal: Terminal(), negotiation: negotiation,
      renderer: ImageRenderer(
        colorMode: colorMode, background: ImageBackground(argument: background) ?? .checkerboard),
      columns: columns, rows: rows, sixel: SixelEncoder(dithering: dither.dithering))
    var failed = false
    for file in files {
      do {
        try printer.print(file, animate: animate)
      } catch is ImagePrinter.EncodeFailure {
        failed = true
        StandardError.write("photogate: \(name: file): cannot encode the preview\n")
      } catch {
        failed = true
        StandardError.write("photogate: \(name: "\(error)")\n")
      }
    }
    if failed { throw ExitCode.failure }
  }

  /// Refuses a graphics preview whose pixel box (columns × cell width by rows × cell height)
  /// is over the decoders' budget (``DecodeLimits/default``): the preview is an image of up
  /// to that size, and must obey the limits of any image PhotoGate makes.
  static func checkPixelBudget(columns: Int, rows: Int, cell: CellSize) throws {
    let limits = DecodeLimits.default
    let width = columns * cell.width
    let height = rows * cell.height
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    if overflow || pixels > limits.maxPixels || pixels > limits.maxBytes / 4 {
      throw CLIError.usage(
        "a \(columns)×\(rows) preview of \(cell.width)×\(cell.height)-pixel cells is "
          + "\(width)×\(height) pixels, over the limit of "
          + "\(OptionRange.grouped(min(limits.maxPixels, limits.maxBytes / 4))) pixels: "
          + "lower --width, --height or --cell-size")
    }
  }

  /// `PHOTOGATE_GRAPHICS`, else `auto`.
  static func choice(from environment: [String: String]) throws -> GraphicsChoice {
    guard let value = environment[GraphicsChoice.environmentKey], !value.isEmpty else {
      return .auto
    }
    guard let choice = GraphicsChoice(rawValue: value.lowercased()) else {
      throw CLIError.usage(
        "\(GraphicsChoice.environmentKey)=\(name: value) is not one of "
          + GraphicsChoice.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return choice
  }
}

extension ColorMode: ExpressibleByArgument {}

extension GraphicsChoice: ExpressibleByArgument {}

/// `--dither`: the sixel palette mapping.
/// `--cell-size WxH`: a terminal cell's size in pixels.
struct CellSizeArgument {
  var cell: CellSize

  /// Each side of a cell, in pixels.
  static let range = OptionRange(option: "--cell-size", lowerBound: 1, upperBound: 1000)

  init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x")
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (try? Self.range.check(width)) != nil, (try? Self.range.check(height)) != nil
    else { return nil }
    cell = CellSize(width: width, height: height)
  }
}

enum SixelDitherArgument: String, ExpressibleByArgument, CaseIterable {
  case none
  case fs

  var dithering: SixelEncoder.Dithering { self == .fs ? .floydSteinberg : .none }
}

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
