import ArgumentParser

/// `photogate browse`: Browse a folder as the photo library in the terminal gallery.
struct BrowseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Browse a folder as the photo library in the terminal gallery."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'browse' is not built yet (issue 5)")
  }
}
