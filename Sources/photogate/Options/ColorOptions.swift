import ArgumentParser
import Foundation
import TerminalUI

/// `--colors`: how many colours the gallery's previews use, instead of what the terminal says.
struct ColorOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "truecolor|256|16|none (default: from NO_COLOR, COLORTERM, TERM and, inside tmux, "
        + "the outer terminal)."))
  var colors: ColorMode?

  /// `--colors`, else the mode the environment asks for.
  var mode: ColorMode {
    colors ?? ColorMode.detect(environment: ProcessInfo.processInfo.environment)
  }
}
