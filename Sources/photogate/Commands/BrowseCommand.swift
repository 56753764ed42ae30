import ArgumentParser
import TerminalUI

/// `photogate browse [DIR]` (and `photogate` alone): the interactive terminal gallery over a
/// folder standing in for the photo library, with the simulated app's permission flow.
struct BrowseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Browse a folder as the photo library in the terminal gallery.",
    discussion: """
      Launches the picker screen of the simulated app (--app on --ios) over DIR (default \
      the library --library names): the first-launch prompt, the grid of previews, the \
      Manage / See All Photos buttons, and a permission menu (s) to change Settings, privacy, \
      restriction and the iOS version. Every change is stored as the other commands store \
      it. Keys: arrows/hjkl, PgUp/PgDn, Home/End, Enter preview, ? help, q quit. Needs a \
      terminal on stdin and stdout (exit 2 otherwise).
      """
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var colors: ColorOptions

  @Argument(help: "The folder to browse (default: the library --library names).")
  var directory: String?

  @Option(help: "auto|kitty|sixel|iterm|blocks|none (default: $PHOTOGATE_GRAPHICS, else auto).")
  var graphics: GraphicsChoice?

  func run() throws {
    let exit = try GalleryLauncher(
      global: global, directory: directory, mode: .browse, colorMode: colors.mode,
      graphics: graphics
    ).run()
    if exit == .interrupted { throw ExitCode(130) }
  }
}
