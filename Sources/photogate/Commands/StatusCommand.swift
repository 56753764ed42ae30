import ArgumentParser

/// `photogate status`: Show the app's photo-library authorization statuses.
struct StatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show the app's photo-library authorization statuses."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'status' is not built yet (issue 3)")
  }
}
