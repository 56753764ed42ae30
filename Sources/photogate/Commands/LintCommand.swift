import ArgumentParser

/// `photogate lint`: Check an Info.plist against what the app requests.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check an Info.plist against what the app requests."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'lint' is not built yet (issue 3)")
  }
}
