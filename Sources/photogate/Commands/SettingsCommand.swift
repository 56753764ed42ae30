import ArgumentParser

/// `photogate settings`: Show or change the Settings app's Photos row for this app.
struct SettingsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "settings",
    abstract: "Show or change the Settings app's Photos row for this app."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'settings' is not built yet (issue 3)")
  }
}
