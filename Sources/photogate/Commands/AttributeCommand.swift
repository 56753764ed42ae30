import ArgumentParser
import PhotoLibrary
import TerminalUI

/// What `favorite` and `hide` share: set or (with `--undo`) clear one library attribute.
struct AttributeOptions: ParsableArguments {
  @OptionGroup var global: GlobalOptions
  @Argument(help: "Asset ids (paths relative to the library).") var ids: [String]
  @Flag(help: "Clear the attribute instead of setting it.") var undo = false

  func run(_ attribute: LibraryAttributes.Attribute) throws {
    guard !ids.isEmpty else { throw CLIError.usage("name at least one asset id") }
    do {
      let session = try global.makeSession()
      // A folder library's ids are looked up in its index, not in a list of the library.
      let changed =
        if let folder = session.backend as? FolderLibrary,
          let listing = IndexedListing.refresh(folder)
        {
          try session.set(attribute, !undo, for: ids, in: listing)
        } else {
          try session.set(attribute, !undo, for: ids)
        }
      let word = attribute == .favorite ? "favorite" : "hidden"
      let state = undo ? "not \(word)" : word
      print(changed ? "\(name: ids.joined(separator: ", ")): now \(state)" : "already \(state)")
    } catch {
      throw CLIError.from(error)
    }
  }
}

/// `photogate favorite`: `PHAssetChangeRequest.isFavorite`, kept per library.
struct FavoriteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "favorite",
    abstract: "Mark assets as favourites (--undo: unmark), for every app using the library.",
    discussion: """
      Favourites belong to the library, not to an app: every app sees them in \
      'assets --json' (isFavorite) and in the Favorites smart album. Each id must be visible \
      to the app (full access, or in the limited selection).
      """
  )
  @OptionGroup var options: AttributeOptions
  func run() throws { try options.run(.favorite) }
}

/// `photogate hide`: `PHAssetChangeRequest.isHidden`, kept per library.
struct HideCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hide",
    abstract: "Hide assets (--undo: unhide), for every app using the library.",
    discussion: """
      Hidden assets leave Recents and every other collection except the Hidden smart album; \
      'assets --json' reports isHidden. Each id must be visible to the app.
      """
  )
  @OptionGroup var options: AttributeOptions
  func run() throws { try options.run(.hidden) }
}
