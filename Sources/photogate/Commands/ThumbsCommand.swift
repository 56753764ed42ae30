import ArgumentParser

/// `photogate thumbs`: Fill the thumbnail cache for a whole library.
struct ThumbsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "thumbs",
    abstract: "Fill the thumbnail cache for a whole library."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'thumbs' is not built yet (issue 2)")
  }
}
