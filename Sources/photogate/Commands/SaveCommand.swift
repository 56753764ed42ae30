import ArgumentParser

/// `photogate save`: Save a file the way seed 000 does: album, camera roll, or nothing.
struct SaveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "save",
    abstract: "Save a file the way seed 000 does: album, camera roll, or nothing."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'save' is not built yet (issue 3)")
  }
}
