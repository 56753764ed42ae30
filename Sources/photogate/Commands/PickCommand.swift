import ArgumentParser
import Foundation
import PickerCore
import TerminalUI

/// `photogate pick [DIR] [--limit N]`: the gallery as a picker; prints the chosen files'
/// absolute paths, one per line, once the terminal is restored.
struct PickCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pick",
    abstract: "Pick images in the gallery and print their paths.",
    discussion: """
      Space picks or unpicks the focused photo (the order is kept; --limit caps it), Enter \
      prints the picked paths (the focused photo's when none is picked) on stdout and exits \
      0; q or Esc cancels, prints nothing and exits 1. The gallery draws on /dev/tty when \
      stdout is a pipe, so 'photogate pick | xargs …' works. Only what the app may see under \
      its access can be picked. 'a' opens the album switcher (Recents, Favorites, Videos, \
      Live Photos, …, then the albums); --filter offers only images, videos or Live Photos.
      """
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var colors: ColorOptions

  @Argument(help: "The folder to pick from (default: the library --library names).")
  var directory: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The most photos that can be picked, \(PickCommand.limitRange.text) (default: no limit).",
      valueName: "N"))
  var limit: Int?

  /// `--limit`: as `PHPickerConfiguration.selectionLimit`, without its 0 for "no limit".
  static let limitRange = OptionRange(option: "--limit", lowerBound: 1, upperBound: nil)
  @Option(
    help: ArgumentHelp(
      "Offer only images, videos or livePhotos (as PHPickerFilter does).", valueName: "kind"))
  var filter: MediaFilter?

  @Option(help: "auto|kitty|sixel|iterm|blocks|none (default: $PHOTOGATE_GRAPHICS, else auto).")
  var graphics: GraphicsChoice?

  func validate() throws {
    try Self.limitRange.check(limit)
  }

  func run() throws {
    let exit = try GalleryLauncher(
      global: global, directory: directory, mode: .pick, limit: limit, colorMode: colors.mode,
      graphics: graphics, filter: filter
    ).run()
    switch exit {
    case .picked(let paths):
      // Raw for a pipe ('photogate pick | xargs …'), escaped for a terminal.
      let onTerminal = isatty(STDOUT_FILENO) == 1
      let text = paths.map { (onTerminal ? TerminalSafe.escape($0) : $0) + "\n" }.joined()
      guard Terminal.write(Array(text.utf8), to: STDOUT_FILENO) else {
        throw CLIError.failed("cannot write the picked paths to stdout")
      }
    case .interrupted:
      throw ExitCode(130)
    case .cancelled, .quit:
      throw ExitCode.failure
    }
  }
}

extension MediaFilter: ExpressibleByArgument {}
