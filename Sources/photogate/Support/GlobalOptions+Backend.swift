import Foundation
import PhotoLibrary

extension GlobalOptions {
  /// The folder library behind the permission layer, with its favourites and hidden assets
  /// kept in the state folder.
  func makeBackend(_ url: URL) throws -> any PhotoLibraryBackend {
    FolderLibrary(
      root: url,
      attributesStore: LibraryAttributesStore(library: url, stateDirectory: stateDirectoryURL()))
  }
}
