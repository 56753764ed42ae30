import ArgumentParser

/// `photogate privacy`: Grant, revoke or reset access directly, as the simulator tool does.
struct PrivacyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "privacy",
    abstract: "Grant, revoke or reset access directly, as the simulator tool does."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'privacy' is not built yet (issue 3)")
  }
}
