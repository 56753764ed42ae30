import Foundation

/// Deleting albums (`PHAssetCollectionChangeRequest.deleteAssetCollections(_:)`): only under
/// full read/write access, confirmed by the user in the system's ``DeletionPrompt`` first. As
/// on a device the album goes and its photos stay in the library: in a folder library the
/// album's files move to the library root (renamed "IMG_1 2.JPG" when the name is taken,
/// which gives them new ids) and the emptied folder is removed.
extension PhotoLibrarySession {
  /// Deletes the albums `names` once `confirm` answers the system confirmation with `.delete`.
  /// Throws `.accessDenied` without full access, for a library that cannot delete albums and
  /// for a name that is no album of the library (nothing is shown or changed then).
  public func deleteAlbums(
    named names: [String], confirm: (DeletionPrompt) -> DeletionPrompt.Role?
  ) throws -> DeletionOutcome {
    try ensureRunning()
    try beginLibraryAccess()
    guard try access().canUseAlbums else {
      throw PhotoLibraryError.accessDenied(
        "albums cannot be deleted with \(try describeAccess()) access")
    }
    guard let folder = backend as? FolderLibrary else {
      throw PhotoLibraryError.accessDenied("this library cannot delete albums")
    }
    // Files move: a listing kept while the folder is observed is stale from here.
    defer { folder.snapshot.invalidate() }
    var unique: [String] = []
    for name in names where !unique.contains(name) { unique.append(name) }
    let assets = try backend.allAssets()
    let existing = Set(UserCollection.albums(in: UserCollection.tree(of: assets)))
    for name in unique where !existing.contains(name) {
      throw PhotoLibraryError.accessDenied("there is no album '\(name)' in the library")
    }
    guard !unique.isEmpty else { return .deleted([]) }
    let prompt = DeletionPrompt(appName: infoPlist.appName(bundleID: bundleID), albums: unique)
    switch confirm(prompt) {
    case nil: return .unanswered
    case .dontAllow: return .declined
    case .delete: break
    }
    var changed: [String] = []
    for name in unique {
      for asset in assets where asset.isInside(name) {
        let newID = try moveToRoot(asset, root: folder.root)
        try? editStore?.move(assetID: asset.id, to: newID)
        changed += [asset.id, newID]
      }
      let directory = folder.root.appendingPathComponent(name, isDirectory: true)
      let left = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      if left.isEmpty { try? FileManager.default.removeItem(at: directory) }
    }
    notify(.assetsChanged(changed))
    return .deleted(unique)
  }

  /// Moves the files of `asset` (a Live Photo's two together) to `root` under a free name;
  /// returns the asset's new id.
  private func moveToRoot(_ asset: Asset, root: URL) throws -> String {
    let manager = FileManager.default
    let files = asset.resources.map(\.url)
    let stem = asset.url.deletingPathExtension().lastPathComponent
    var counter = 1
    func target(_ file: URL) -> URL {
      let name = counter == 1 ? stem : "\(stem) \(counter)"
      let ext = file.pathExtension
      return root.appendingPathComponent(name + (ext.isEmpty ? "" : ".\(ext)"))
    }
    while files.contains(where: { manager.fileExists(atPath: target($0).path) }) {
      counter += 1
    }
    for file in files {
      do {
        try manager.moveItem(at: file, to: target(file))
      } catch {
        throw PhotoLibraryError.accessDenied(
          "\(file.path) cannot be moved out of its album: \(error.localizedDescription)")
      }
    }
    return target(asset.url).lastPathComponent
  }
}
