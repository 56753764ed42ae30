import ArgumentParser
import Foundation
import PhotoLibrary
import TerminalUI

/// `photogate albums`: the smart albums and user albums the app can list, with counts.
struct AlbumsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "albums",
    abstract: "List the smart albums, then the albums, with what the app can see of each.",
    discussion: """
      Full access lists every smart album (Recents, Favorites, Videos, Live Photos, …), then \
      every album and folder of albums by its path with its count (a subfolder holding only \
      subfolders is a folder, printed with a trailing '/'); limited lists the smart albums \
      counting only the selection and the app's own creations, and no albums; add-only, \
      denied, restricted and notDetermined list nothing. This is a library access (see \
      'assets'). List one with 'assets --album NAME'.
      """
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var interaction: InteractionOptions
  @Flag(help: "Print a JSON array of {title, type, subtype, count, path}.") var json = false

  /// One row: a smart album, a user album, or a folder of albums.
  struct Output: Encodable {
    /// The name Photos shows ("Recents", "2024").
    var title: String
    /// "smartAlbum" or "album" (`PHAssetCollectionType`), or "folder" (`PHCollectionListType`).
    var type: String
    /// PhotoKit's subtype name ("smartAlbumUserLibrary", "albumRegular", "regularFolder").
    var subtype: String
    /// The assets the app may see in it (a folder: in all its albums).
    var count: Int
    /// A user album's or folder's path in the library ("Trips/2024"), which `assets --album`
    /// takes; nil for smart albums.
    var path: String?

    init(smartAlbum album: SmartAlbum, count: Int) {
      title = album.title
      type = "smartAlbum"
      subtype = album.subtypeName
      self.count = count
    }

    init(_ collection: UserCollection, count: Int) {
      title = collection.title
      path = collection.path
      self.count = count
      switch collection {
      case .album:
        type = "album"
        subtype = "albumRegular"
      case .folder:
        type = "folder"
        subtype = "regularFolder"
      }
    }

    /// The text line: the title (a user collection's path, a folder's with a trailing `/`)
    /// and the count.
    var line: String {
      let name = type == "folder" ? (path ?? title) + "/" : path ?? title
      return "\(name: name)\t\(count)"
    }
  }

  func run() throws {
    let cli = CLIResponder(
      answers: [], picks: interaction.select, alert: interaction.alert.choice,
      printPrompts: false)
    do {
      let session = try global.makeSession(responder: cli.responder)
      let rows = try Self.rows(session)
      if json {
        try JSONOutput.print(rows)
        return
      }
      if rows.isEmpty {
        StandardError.write("(nothing visible: \(try session.access().summary))\n")
      }
      for row in rows { print(row.line) }
    } catch {
      throw CLIError.from(error)
    }
  }

  /// The smart albums, then each user collection depth first (a folder before its albums),
  /// with what the app may see of each.
  static func rows(_ session: PhotoLibrarySession) throws -> [Output] {
    // A folder library is counted from its index in one pass (see `IndexedListing`).
    if let folder = session.backend as? FolderLibrary,
      let listing = IndexedListing.refresh(folder)
    {
      let counts = try session.collectionCounts(in: listing)
      var rows = counts.smartAlbums.map { Output(smartAlbum: $0.album, count: $0.count) }
      rows += folderRows(counts.tree, albumCounts: counts.albums)
      return rows
    }
    let collections = try session.collections()
    let rows: [Output] = collections.compactMap { collection in
      guard case .smartAlbum(let album) = collection.kind else { return nil }
      return Output(smartAlbum: album, count: collection.count)
    }
    let albums = collections.compactMap { collection -> (String, Int)? in
      if case .album(let path) = collection.kind { (path, collection.count) } else { nil }
    }
    guard !albums.isEmpty else { return rows }
    return rows + folderRows(try session.userCollections(), albumCounts: albums)
  }

  /// A row for each album and folder of `tree`, depth first; a folder counts what its albums
  /// hold (every asset below it is in one of them).
  static func folderRows(_ tree: [UserCollection], albumCounts: [(path: String, count: Int)])
    -> [Output]
  {
    guard !albumCounts.isEmpty else { return [] }
    let counts = Dictionary(albumCounts, uniquingKeysWith: { first, _ in first })
    var rows: [Output] = []
    func add(_ tree: [UserCollection]) {
      for collection in tree {
        let count = UserCollection.albums(in: [collection]).reduce(0) { $0 + (counts[$1] ?? 0) }
        rows.append(Output(collection, count: count))
        if case .folder(_, let inside) = collection { add(inside) }
      }
    }
    add(tree)
    return rows
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
