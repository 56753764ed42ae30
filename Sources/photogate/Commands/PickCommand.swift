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

  @Option(help: "The most photos that can be picked.") var limit: Int?
  @Option(
    help: ArgumentHelp(
      "Offer only images, videos or livePhotos (as PHPickerFilter does).", valueName: "kind"))
  var filter: MediaFilter?

  @Option(help: "auto|kitty|sixel|iterm|blocks|none (default: $PHOTOGATE_GRAPHICS, else auto).")
  var graphics: GraphicsChoice?

  func validate() throws {
    if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
  }

  func run() throws {
    let exit = try GalleryLauncher(
      global: global, directory: directory, mode: .pick, limit: limit, colorMode: colors.mode,
      graphics: graphics, filter: filter
    ).run()
    switch exit {
    case .picked(let paths):
      let text = paths.map { $0 + "\n" }.joined()
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
