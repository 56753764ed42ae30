import ArgumentParser
import Foundation
import PhotoLibrary

/// `photogate albums`: the smart albums and user albums the app can list, with counts.
struct AlbumsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "albums",
    abstract: "List the smart albums, then the albums, with what the app can see of each.",
    discussion: """
      Full access lists every smart album (Recents, Favorites, Videos, Live Photos, …) and \
      every album (first-level subfolder) with its count; limited lists the smart albums \
      counting only the selection and the app's own creations, and no albums; add-only, \
      denied, restricted and notDetermined list nothing. This is a library access (see \
      'assets'). List one with 'assets --album NAME'.
      """
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var interaction: InteractionOptions
  @Flag(help: "Print a JSON array of {title, type, subtype, count}.") var json = false

  struct Output: Encodable {
    var title: String
    /// "smartAlbum" or "album" (`PHAssetCollectionType`).
    var type: String
    /// PhotoKit's subtype name ("smartAlbumUserLibrary", "albumRegular").
    var subtype: String
    var count: Int

    init(_ collection: AssetCollection) {
      title = collection.title
      count = collection.count
      switch collection.kind {
      case .smartAlbum(let album):
        type = "smartAlbum"
        subtype = album.subtypeName
      case .album:
        type = "album"
        subtype = "albumRegular"
      }
    }
  }

  func run() throws {
    let cli = CLIResponder(
      answers: [], picks: interaction.select, alert: interaction.alert.choice,
      printPrompts: false)
    do {
      let session = try global.makeSession(responder: cli.responder)
      let collections = try session.collections()
      if json {
        try JSONOutput.print(collections.map(Output.init))
        return
      }
      if collections.isEmpty {
        StandardError.write("(nothing visible: \(try session.access().summary))\n")
      }
      for collection in collections {
        print("\(collection.title)\t\(collection.count)")
      }
    } catch {
      throw CLIError.from(error)
    }
  }
}

extension AssetCollection.Kind {
  /// The collection a command-line name denotes: a smart album's title or subtype name
  /// ("Recents", "livePhotos", "smartAlbumVideos"), else an album (folder) name.
  init(argument: String) {
    self = SmartAlbum(name: argument).map { .smartAlbum($0) } ?? .album(argument)
  }
}

extension Asset {
  /// What a listing shows after the size: a video's duration, "LIVE", favourite and hidden.
  var listingBadge: String {
    var words: [String] = []
    if mediaType == .video { words.append(DurationText.format(duration)) }
    if mediaSubtypes.contains(.photoLive) { words.append("LIVE") }
    if isFavorite { words.append("favorite") }
    if isHidden { words.append("hidden") }
    return words.isEmpty ? "" : "\t" + words.joined(separator: " ")
  }
}
