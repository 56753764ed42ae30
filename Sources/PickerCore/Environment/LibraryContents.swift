import Foundation
import PhotoLibrary

/// The result of reading the library as the app: its read/write status and the assets it may
/// see (docs/permission-model.md#reading-and-writing; the library enforces it, the view-model
/// shows what it is given).
///
/// Mirrors what the sample picker's `showUI(for:)` reads: `PHPhotoLibrary.authorizationStatus(for:
/// .readWrite)` and `PHAsset.fetchAssets(with: nil)`.
public struct LibraryContents: Sendable, Equatable {
  /// The read/write status (the legacy status on iOS 13).
  public var status: AuthorizationStatus
  /// The assets the app may list, newest first; empty unless authorized or limited.
  public var assets: AssetList
  /// The automatic limited-access alert, when this read was the first library access of a
  /// launch under limited access and the Info.plist does not prevent it.
  public var automaticAlert: LimitedAccessAlert?
  /// When the library was read (Recently Added counts from it).
  public var readAt: Date
  /// The ids whose full version is in iCloud only (the grid draws a cloud on them).
  public var offloaded: AssetIDSet

  public init(
    status: AuthorizationStatus, assets: AssetList, automaticAlert: LimitedAccessAlert? = nil,
    readAt: Date = Date(), offloaded: AssetIDSet = []
  ) {
    self.status = status
    self.assets = assets
    self.automaticAlert = automaticAlert
    self.readAt = readAt
    self.offloaded = offloaded
  }

  /// Contents listing `assets` (stored as they are, not copied).
  public init(
    status: AuthorizationStatus, assets: [Asset], automaticAlert: LimitedAccessAlert? = nil,
    readAt: Date = Date(), offloaded: AssetIDSet = []
  ) {
    self.init(
      status: status, assets: AssetList(assets), automaticAlert: automaticAlert, readAt: readAt,
      offloaded: offloaded)
  }
}
