import ArgumentParser

/// `photogate matrix`: Regenerate the seed tables by running the model through every scenario.
struct MatrixCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "matrix",
    abstract: "Regenerate the seed tables by running the model through every scenario."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'matrix' is not built yet (issue 3)")
  }
}
