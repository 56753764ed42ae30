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
      --verbose lists each with the reason.
      """
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var interaction: InteractionOptions
  @Flag(
    help: """
      Print a JSON array of {id, path, width, height, mediaType, mediaSubtypes, duration, \
      isFavorite, isHidden, resources}.
      """)
  var json = false
  @Option(
    help: ArgumentHelp(
      "List one collection: a smart album (title or subtype: Recents, livePhotos, …) or an album.",
      valueName: "name"))
  var album: String?
  @Flag(help: "With full access, list every skipped file with the reason on stderr.")
  var verbose = false

  struct Output: Encodable {
    var id: String
    var path: String
    var width: Int
    var height: Int
    var mediaType: String
    var mediaSubtypes: [String]
    var duration: Double
    var isFavorite: Bool
    var isHidden: Bool
    var resources: [Resource]

    struct Resource: Encodable {
      var type: String
      var path: String
    }

    init(_ asset: Asset) {
      id = asset.id
      path = asset.url.path
      width = asset.pixelWidth
      height = asset.pixelHeight
      mediaType = asset.mediaType.name
      mediaSubtypes = asset.mediaSubtypes.names
      duration = asset.duration
      isFavorite = asset.isFavorite
      isHidden = asset.isHidden
      resources = asset.resources.map { Resource(type: $0.kind.name, path: $0.url.path) }
    }
  }

  func run() throws {
    let cli = CLIResponder(
      answers: [], picks: interaction.select, alert: interaction.alert.choice,
      printPrompts: false)
    do {
      let session = try global.makeSession(responder: cli.responder)
      let assets =
        if let album {
          try session.collection(AssetCollection.Kind(argument: album)).assets
        } else {
          try session.fetchAssets()
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
          assets.map(Output.init))
        return
      }
      print("library: \(global.libraryURL().path)")
      if assets.isEmpty {
        StandardError.write("(nothing visible: \(try session.access().summary))\n")
      }
      for asset in assets {
        print("\(asset.id)\t\(asset.pixelWidth)x\(asset.pixelHeight)\(asset.listingBadge)")
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
