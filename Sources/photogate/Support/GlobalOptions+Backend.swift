import Foundation
import PhotoLibrary

extension GlobalOptions {
  /// The folder library behind the permission layer.
  func makeBackend(_ url: URL) throws -> any PhotoLibraryBackend {
    FolderLibrary(root: url)
  }
}
