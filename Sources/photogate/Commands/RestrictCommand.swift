import ArgumentParser

/// `photogate restrict`: Turn a parental-controls style restriction on or off.
struct RestrictCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "restrict",
    abstract: "Turn a parental-controls style restriction on or off."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'restrict' is not built yet (issue 3)")
  }
}
