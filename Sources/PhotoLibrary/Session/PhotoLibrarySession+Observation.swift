/// Forwarding file changes from the folder to the session's observers, filtered by access.
extension PhotoLibrarySession {
  /// Starts watching the folder library (when the backend is one) and forwards each change to
  /// the registered observers as `.assetsChanged`, with only the ids this app may read: a
  /// limited app hears nothing about assets outside its selection; add-only and denied apps
  /// hear nothing at all. Keep the returned observation alive; nil for other backends.
  public func observeLibraryChanges() -> LibraryObservation? {
    guard let folder = backend as? FolderLibrary else { return nil }
    return folder.observe { [weak self] change in
      guard let self, let access = try? self.access() else { return }
      let ids = (change.inserted + change.removed + change.changed).filter {
        access.canRead($0)
      }
      if !ids.isEmpty { self.notify(.assetsChanged(ids.sorted())) }
    }
  }
}
