import ArgumentParser

/// `photogate pick`: Pick images in the gallery and print their paths.
struct PickCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pick",
    abstract: "Pick images in the gallery and print their paths."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'pick' is not built yet (issue 5)")
  }
}
