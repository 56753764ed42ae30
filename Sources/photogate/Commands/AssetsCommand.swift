import ArgumentParser

/// `photogate assets`: List what the app can see under its current access.
struct AssetsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "assets",
    abstract: "List what the app can see under its current access."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'assets' is not built yet (issue 3)")
  }
}
