import Foundation

/// The raw library under the permission layer: every asset (albums follow from their folders,
/// see ``UserCollection``), and importing a file.
///
/// No permission rule lives here; `PhotoLibrarySession` filters and refuses through
/// `LibraryAccess`. The folder library is the live backend; `MemoryLibraryBackend` is the test one.
public protocol PhotoLibraryBackend: Sendable {
  /// Every asset, newest first.
  func allAssets() throws -> AssetList
  /// Copies the file at `url` into the library (into `album`, created if needed, or the camera
  /// roll when nil), atomically and under a name that never overwrites, and returns the asset.
  func importFile(at url: URL, album: String?) throws -> Asset
}
