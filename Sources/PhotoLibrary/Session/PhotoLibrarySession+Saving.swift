import Foundation

/// Writing to the library: the seed 000 save flow and its enforcement (PERMISSIONS.md §7).
extension PhotoLibrarySession {
  /// Saves the file at `url` as much as the app may: into `album` (created if needed) with
  /// read/write authorized, else the camera roll with add-only authorized or limited, else
  /// nothing, requesting read/write then add-only on the way when they are not determined
  /// (`SavePlanner`). Under limited the new asset joins the selection. Without `album`, the
  /// album step saves to the camera roll.
  public func save(fileAt url: URL, album: String?) throws -> SaveReport {
    try ensureRunning()
    try beginLibraryAccess()
    var planner = SavePlanner()
    var requests: [RequestReport] = []
    while true {
      switch planner.next(try state(), ios: ios) {
      case .request(let request):
        requests.append(try requestAuthorization(request))
      case .saveToAlbum:
        let asset = try add(fileAt: url, album: album)
        return SaveReport(
          outcome: album == nil ? .cameraRoll : .album, asset: asset, requests: requests)
      case .saveToCameraRoll:
        let asset = try add(fileAt: url, album: nil)
        return SaveReport(outcome: .cameraRoll, asset: asset, requests: requests)
      case .nothing:
        return SaveReport(outcome: .nothing, asset: nil, requests: requests)
      }
    }
  }

  /// `PHAssetChangeRequest.creationRequestForAsset` (plus `PHAssetCollectionChangeRequest` with
  /// an album): refused unless the access allows it; under limited the asset joins the
  /// selection.
  public func add(fileAt url: URL, album: String?) throws -> Asset {
    try ensureRunning()
    let access = try access()
    guard access.canAddToCameraRoll else {
      throw PhotoLibraryError.accessDenied(
        "cannot add to the library with \(try describeAccess()) access")
    }
    if album != nil && !access.canUseAlbums {
      throw PhotoLibraryError.accessDenied(
        "cannot create or add to an album with \(try describeAccess()) access")
    }
    let asset = try backend.importFile(at: url, album: album)
    if case .limited = access {
      try write { $0.noteCreatedAsset(asset.id) }
      notify(.selectionChanged)
    }
    notify(.assetsChanged([asset.id]))
    return asset
  }
}
