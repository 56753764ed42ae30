import ArgumentParser

/// `photogate request`: Call requestAuthorization and answer the prompt if one appears.
struct RequestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "request",
    abstract: "Call requestAuthorization and answer the prompt if one appears."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'request' is not built yet (issue 3)")
  }
}
