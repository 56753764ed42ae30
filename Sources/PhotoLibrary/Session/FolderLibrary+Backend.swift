import Foundation

/// The folder library as the live backend of `PhotoLibrarySession`.
extension FolderLibrary: PhotoLibraryBackend {
  /// Every asset of the folder, newest first, with the library's favourite and hidden flags
  /// (unreadable entries are left to `scan()`). While the library is observed, the last scan
  /// is reused until a change is heard.
  public func allAssets() throws -> AssetList { try withAttributes(currentScan().assets) }

  /// The kept scan while it is current (see `ScanSnapshot`), else a new one.
  public func currentScan() -> FolderScan {
    snapshot.current ?? scan()
  }
}
