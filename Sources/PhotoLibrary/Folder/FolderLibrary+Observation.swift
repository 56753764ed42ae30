extension FolderLibrary {
  /// Calls `handler` whenever image files are added to, removed from or changed in the
  /// library, until the returned observation is cancelled or deallocated.
  ///
  /// Mirrors `PHPhotoLibrary.register(_:)` / `PHPhotoLibraryChangeObserver`: like iOS, the
  /// handler runs on a background serial queue, never the main thread, one notice at a time.
  /// Bursts (a copy of many files) are coalesced into few notices. The state at the time of
  /// this call is the baseline: changes made after it returns are reported.
  public func observe(
    detection: ChangeDetection = .automatic,
    _ handler: @escaping @Sendable (LibraryChange) -> Void
  ) -> LibraryObservation {
    let watcher = FolderWatcher(root: root, index: index, handler: handler)
    watcher.start(detection)
    return LibraryObservation(onCancel: { watcher.cancel() }, watcher: watcher)
  }
}
