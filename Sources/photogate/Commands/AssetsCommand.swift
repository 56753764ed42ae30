import ArgumentParser
import PhotoLibrary

/// `photogate assets`: what the app can see under its current access.
struct AssetsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "assets",
    abstract: "List the assets the app can see under its current access.",
    discussion: """
      Full access lists everything; limited lists the selection plus the app's own creations; \
      add-only, denied, restricted and notDetermined list nothing. This is a library access: \
      while limited, the automatic limited-access alert appears once per launch on stderr \
      (answer it with --alert keep|select-more and --select ID...). With full access, files \
      that are not shown are counted on stderr ("3 skipped: 2 not images, 1 unreadable"); \
      --verbose lists each with the reason. The first library access while read/write is \
      notDetermined shows the read/write prompt by itself, as Photos does: answer it with \
      --answer (unanswered: exit 2, nothing stored). --select checks only ids of existing \
      assets; an unknown id is refused (exit 1).
      """
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var interaction: InteractionOptions
  @Flag(help: "Print a JSON array of {id, path, width, height}.") var json = false
  @Flag(help: "With full access, list every skipped file with the reason on stderr.")
  var verbose = false
  @Option(help: "The button to press if the read/write prompt appears.") var answer: String?

  struct Output: Encodable {
    var id: String
    var path: String
    var width: Int
    var height: Int
  }

  func run() throws {
    let cli = CLIResponder(
      answers: answer.map { [$0] } ?? [], picks: interaction.select,
      alert: interaction.alert.choice, printPrompts: !json)
    do {
      let session = try global.makeSession(responder: cli.responder)
      try session.checkAssetsExist(interaction.select)
      let assets = try session.fetchAssets()
      if let prompt = cli.unansweredPrompt {
        if json { StandardError.write(PromptText.prompt(prompt)) }
        throw cli.unansweredError(prompt)
      }
      // Only an app with full access may learn about files it is not shown.
      if let folder = session.backend as? FolderLibrary, try session.access() == .full {
        let scan = folder.scan()
        SkippedFileReport.write(scan, verbose: verbose, assetProblems: true)
        if let skipped = scan.skippedSummary { StandardError.write("\(skipped)\n") }
      } else {
        for problem in try session.scanProblems() {
          StandardError.write("photogate: warning: \(problem)\n")
        }
      }
      if json {
        try JSONOutput.print(
          assets.map {
            Output(id: $0.id, path: $0.url.path, width: $0.pixelWidth, height: $0.pixelHeight)
          })
        return
      }
      print("library: \(global.libraryURL().path)")
      if assets.isEmpty {
        StandardError.write("(nothing visible: \(try session.access().summary))\n")
      }
      for asset in assets {
        print("\(asset.id)\t\(asset.pixelWidth)x\(asset.pixelHeight)")
      }
    } catch {
      throw CLIError.from(error)
    }
  }
}

extension LibraryAccess {
  /// A few words for messages.
  var summary: String {
    switch self {
    case .full: "full access"
    case .limited(let ids): "limited access to \(ids.count) selected"
    case .addOnly: "add-only access reads nothing"
    case .none: "no access"
    }
  }
}
