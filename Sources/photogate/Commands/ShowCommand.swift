import ArgumentParser

/// `photogate show`: Print ANSI previews of image files.
struct ShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Print ANSI previews of image files."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'show' is not built yet (issue 5)")
  }
}
