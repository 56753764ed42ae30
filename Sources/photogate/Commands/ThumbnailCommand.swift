import ArgumentParser

/// `photogate thumbnail`: Write PNG thumbnails of image files.
struct ThumbnailCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "thumbnail",
    abstract: "Write PNG thumbnails of image files."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    throw CLIError.failed("'thumbnail' is not built yet (issue 2)")
  }
}
