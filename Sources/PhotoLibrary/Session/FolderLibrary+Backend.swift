import Foundation

/// The folder library as the live backend of `PhotoLibrarySession`.
extension FolderLibrary: PhotoLibraryBackend {
  /// Every image of the folder, newest first (unreadable entries are left to `scan()`).
  public func allAssets() throws -> [Asset] { scan().assets }

  /// The first-level subfolders holding images.
  public func albumNames() throws -> [String] { albums() }
}
