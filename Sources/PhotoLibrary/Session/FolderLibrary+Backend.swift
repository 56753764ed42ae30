import Foundation

/// The folder library as the live backend of `PhotoLibrarySession`.
extension FolderLibrary: PhotoLibraryBackend {
  /// Every asset of the folder, newest first, with the library's favourite and hidden flags
  /// (unreadable entries are left to `scan()`).
  public func allAssets() throws -> [Asset] { try withAttributes(scan().assets) }
}
