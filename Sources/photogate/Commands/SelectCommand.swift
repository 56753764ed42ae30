import ArgumentParser

/// `photogate select`: Edit the limited-library selection (only under limited access).
struct SelectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "select",
    abstract: "Edit the limited-library selection (only under limited access)."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'select' is not built yet (issue 3)")
  }
}
