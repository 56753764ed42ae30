import FileSystem
import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Deleting assets (`PHAssetChangeRequest.deleteAssets(_:)`): allowed for any visible asset
/// under full read/write access, for the assets the app may read (its selection and its own
/// creations) under limited access, never otherwise; every deletion is confirmed by the user
/// in the system's `DeletionPrompt` first.
extension PhotoLibrarySession {
  /// How a deletion ended.
  public enum DeletionOutcome: Sendable, Equatable {
    /// The user tapped Delete: these assets left the library.
    case deleted([String])
    /// The user tapped Don’t Allow: nothing changed.
    case declined
    /// Nobody answered the confirmation: it stays up and nothing changed.
    case unanswered
  }

  /// Whether the current access allows deleting the asset with `id` (an asset the app may
  /// read, under full or limited read/write access).
  public func canDelete(_ id: String) throws -> Bool {
    let access = try access()
    return lookUp(id, in: try backend.allAssets()).map(access.canRead) ?? false
  }

  /// Deletes the assets with `ids` once `confirm` answers the system confirmation with
  /// `.delete`. Throws `.accessDenied` without read/write access and `.assetNotFound` for an
  /// id the app may not read (nothing is shown or deleted then).
  ///
  /// In a folder library the files are moved to `Recently Deleted/` in the state folder (the
  /// album folder kept, never overwriting), as Photos keeps deleted items; with state kept in
  /// memory they are removed. Their ids leave the limited selection.
  public func deleteAssets(
    withIDs ids: [String], confirm: (DeletionPrompt) -> DeletionPrompt.Role?
  ) throws -> DeletionOutcome {
    try ensureRunning()
    try beginLibraryAccess()
    let access = try access()
    guard access.canList else {
      throw PhotoLibraryError.accessDenied(
        "cannot delete from the library with \(try describeAccess()) access")
    }
    var unique: [String] = []
    for id in ids where !unique.contains(id) { unique.append(id) }
    let all = try backend.allAssets()
    var doomed: [Asset] = []
    for id in unique {
      guard let asset = lookUp(id, in: all), access.canRead(asset) else {
        throw PhotoLibraryError.assetNotFound(id)
      }
      doomed.append(asset)
    }
    guard !doomed.isEmpty else { return .deleted([]) }
    let prompt = DeletionPrompt(
      appName: infoPlist.appName(bundleID: bundleID), assetIDs: doomed.map(\.id))
    switch confirm(prompt) {
    case nil: return .unanswered
    case .dontAllow: return .declined
    case .delete: break
    }
    try remove(doomed)
    // Best effort: an asset's edits go with it, and a leftover is never read again.
    for asset in doomed { _ = try? editStore?.remove(assetID: asset.id) }
    let gone = Set(doomed.map(\.id))
    let selectionChanged = try write { state -> Bool in
      let before = state.limitedSelection
      state.limitedSelection.subtract(gone)
      state.createdAssetIDs.subtract(gone)
      return before != state.limitedSelection
    }
    if selectionChanged { notify(.selectionChanged) }
    notify(.assetsChanged(doomed.map(\.id)))
    return .deleted(doomed.map(\.id))
  }

  /// Takes `assets` out of the backend.
  private func remove(_ assets: [Asset]) throws {
    switch backend {
    case let memory as MemoryLibraryBackend:
      memory.remove(Set(assets.map(\.id)))
    case let folder as FolderLibrary:
      defer { folder.snapshot.invalidate() }
      let trash = (store as? FileAuthorizationStore)?.directory.url
        .appendingPathComponent("Recently Deleted", isDirectory: true)
      for asset in assets {
        try remove(asset, trash: trash)
      }
    default:
      throw PhotoLibraryError.accessDenied("this library cannot delete assets")
    }
  }

  /// Moves one file into `trash` (under its album folder, a private folder), or removes it
  /// when there is none. The move never replaces a file already in the trash ("IMG 2.jpg"…)
  /// and copies durably when the trash is on another file system (``DurableFile``).
  private func remove(_ asset: Asset, trash: URL?) throws {
    let path = asset.path
    do throws(SystemError) {
      guard let trash else {
        try POSIX.check("unlink", path: path) { unlink(path) }
        return
      }
      let folder = asset.album.map { trash.appendingPathComponent($0, isDirectory: true) } ?? trash
      try POSIX.makeDirectories(folder.path, mode: 0o700)
      for candidate in FolderLibrary.candidateNames(for: POSIX.fileName(of: path)) {
        if try DurableFile.move(path, to: folder.path + "/" + candidate) { return }
      }
      throw SystemError(
        call: "rename", code: EEXIST, path: folder.path,
        note: "\(FolderLibrary.maxNameAttempts) names are already taken in the trash")
    } catch {
      throw PhotoLibraryError.accessDenied("\(path) cannot be deleted: \(error)")
    }
  }
}
