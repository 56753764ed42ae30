/// Forwarding file changes from the folder to the session's observers, filtered by access.
extension PhotoLibrarySession {
  /// Starts watching the folder library (when the backend is one) and forwards each change to
  /// the registered observers as `.assetsChanged`, with only the ids this app may read: a
  /// limited app hears nothing about assets outside its selection; add-only and denied apps
  /// hear nothing at all. Keep the returned observation alive; nil for other backends.
  public func observeLibraryChanges() -> LibraryObservation? {
    guard let folder = backend as? FolderLibrary else { return nil }
    return folder.observe { [weak self] change in self?.notifyLibraryChange(change, in: folder) }
  }

  /// Tells the registered observers about `change`, a change of the library `folder` (this
  /// session's backend) that was heard, as `.assetsChanged` with only the ids this app may
  /// read now; nothing when it may read none of them.
  public func notifyLibraryChange(_ change: LibraryChange, in folder: FolderLibrary) {
    guard let access = try? access() else { return }
    let inserted = readableInserted(change.inserted, access: access, folder: folder)
    let ids = (inserted + change.removed + change.changed).filter { access.canRead($0) }
    if !ids.isEmpty { notify(.assetsChanged(ids.sorted())) }
  }

  /// The ids of `inserted` that are not a new file under a selected name: under limited
  /// access, a name whose file was deleted and which a new file took is another asset, which
  /// the app hears nothing of (it heard the old one's removal). Looks at the library's listing
  /// only when such a name was inserted.
  private func readableInserted(
    _ inserted: [String], access: LibraryAccess, folder: FolderLibrary
  ) -> [String] {
    guard case .limited(_, let files) = access, !files.isEmpty,
      inserted.contains(where: { files[$0] != nil })
    else { return inserted }
    let listing = folder.currentScan().assets
    return inserted.filter { id in lookUp(id, in: listing).map(access.canRead) ?? true }
  }
}
