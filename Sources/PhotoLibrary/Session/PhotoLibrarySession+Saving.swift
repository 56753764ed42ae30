import FileSystem
import Foundation
import ImageDecoding

/// Writing to the library: the "save as much as possible" flow and its enforcement.
extension PhotoLibrarySession {
  /// Saves the file at `url` as much as the app may: into `album` (created if needed) with
  /// read/write authorized, else the camera roll with add-only authorized or limited, else
  /// nothing, requesting read/write then add-only on the way when they are not determined
  /// (`SavePlanner`). Under limited the new asset joins the selection. Without `album`, the
  /// album step saves to the camera roll. Everything that can be checked is checked before any
  /// prompt (``checkSavable(fileAt:album:)``), so a bad input never leaves an answer stored.
  public func save(fileAt url: URL, album: String?) throws -> SaveReport {
    try ensureRunning()
    try checkSavable(fileAt: url, album: album)
    // The flow requests read/write itself, so only the automatic alert is due here.
    try showAutomaticAlertIfDue()
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

  /// Throws `.cannotSave` unless the file at `url` exists, is a regular readable file whose
  /// first bytes are those of a supported image (or movie) format, and `album` is a valid album
  /// name.
  public func checkSavable(fileAt url: URL, album: String?) throws {
    guard let info = try? POSIX.targetInfo(url.path) else {
      throw PhotoLibraryError.cannotSave("\(url.path): no such file")
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw PhotoLibraryError.cannotSave("\(url.path): is a folder, not an image")
    }
    switch ImageSniffer.sniff(url.path) {
    case .image: break
    case .notImage:
      throw PhotoLibraryError.cannotSave(
        "\(url.path): not an image (its first bytes match no supported format)")
    case .unreadable(let reason):
      throw PhotoLibraryError.cannotSave("\(url.path): cannot be read (\(reason))")
    }
    if let album {
      do {
        try FolderLibrary.validateAlbumName(album)
      } catch {
        throw PhotoLibraryError.cannotSave("'\(album)': \(error.reason)")
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
      try write { $0.noteCreatedAsset(asset) }
      notify(.selectionChanged)
    }
    notify(.assetsChanged([asset.id]))
    return asset
  }
}
