import ArgumentParser

/// `photogate snapshot`: Print the picker screen for the current state.
struct SnapshotCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snapshot",
    abstract: "Print the picker screen for the current state."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'snapshot' is not built yet (issue 4)")
  }
}
