import FileSystem
import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
      // Removed only when nothing is left in it (rmdir refuses a folder that is not empty).
      rmdir(folder.root.appendingPathComponent(name, isDirectory: true).path)
    }
    notify(.assetsChanged(changed))
    return .deleted(unique)
  }

  /// Moves the files of `asset` (a Live Photo's two together) to `root` under a free name,
  /// never replacing a file there (``DurableFile/move(_:to:)``); returns the asset's new id.
  private func moveToRoot(_ asset: Asset, root: URL) throws -> String {
    let files = asset.resourcePaths.map(\.path)
    let stem = asset.url.deletingPathExtension().lastPathComponent
    func target(_ file: String, _ counter: Int) -> String {
      let name = counter == 1 ? stem : "\(stem) \(counter)"
      let ext = (file as NSString).pathExtension
      return root.path + "/" + name + (ext.isEmpty ? "" : ".\(ext)")
    }
    for counter in 1...FolderLibrary.maxNameAttempts {
      var moved: [String] = []
      do {
        for file in files {
          guard try DurableFile.move(file, to: target(file, counter)) else { break }
          moved.append(file)
        }
      } catch {
        throw PhotoLibraryError.accessDenied(
          "\(asset.path) cannot be moved out of its album: \(error)")
      }
      if moved.count == files.count { return POSIX.fileName(of: target(asset.path, counter)) }
      // A name was taken: the files moved so far go back, and the next name is tried.
      for file in moved { _ = try? DurableFile.move(target(file, counter), to: file) }
    }
    throw PhotoLibraryError.accessDenied(
      "\(asset.path) cannot be moved out of its album: \(FolderLibrary.maxNameAttempts) names "
        + "are already taken in \(root.path)")
  }
}
