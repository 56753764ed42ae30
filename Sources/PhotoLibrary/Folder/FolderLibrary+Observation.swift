import FileSystem

extension FolderLibrary {
  /// Calls `handler` whenever image files are added to, removed from or changed in the
  /// library, until the returned observation is cancelled or deallocated.
  ///
  /// Mirrors `PHPhotoLibrary.register(_:)` / `PHPhotoLibraryChangeObserver`: like iOS, the
  /// handler runs on a background serial queue, never the main thread, one notice at a time.
  /// Bursts (a copy of many files) are coalesced into few notices. The state at the time of
  /// this call is the baseline: changes made after it returns are reported. While observed,
  /// ``allAssets()`` reuses its last scan until a change is heard (see `ScanSnapshot`).
  ///
  /// With `baselineProgress`, this returns at once and the baseline scan runs in the background
  /// (on the observer's queue), reporting to `baselineProgress` as it goes: until it ends,
  /// ``allAssets()`` returns a provisional listing (the assets read so far, newest first; empty
  /// at first), refreshed when a report says ``ScanProgress/listingUpdated``; the last report
  /// (``ScanProgress/isFinished``) comes once the final listing is kept.
  ///
  /// `notice` hears, once, when some folder cannot be watched (inotify's limit of watches is
  /// reached): those folders are then looked at again every second.
  public func observe(
    detection: ChangeDetection = .automatic,
    baselineProgress: (@Sendable (ScanProgress) -> Void)? = nil,
    notice: (@Sendable (String) -> Void)? = nil,
    _ handler: @escaping @Sendable (LibraryChange) -> Void
  ) -> LibraryObservation {
    let snapshot = snapshot
    snapshot.observationStarted()
    if baselineProgress != nil {
      let (assets, byIndex) = firstScreen()
      snapshot.beginProvisional(from: assets, byIndex: byIndex)
    }
    // The watcher's baseline is a scan of the library, kept as its listing: one walk (adding
    // the watches) serves both. With an index, every later look is a scan too (little more
    // than the walk), so the listing after a notice is ready when the notice goes out. Not
    // when polling: a poll that finds nothing new stays a walk.
    let scansEveryLook = index.folder() != nil && detection == .automatic
    let stateFiles = attributesStore.map(LibraryStateFiles.init)
    // The state files' folder must exist for its watch (else it is polled).
    if let stateFiles { _ = try? POSIX.makeDirectories(stateFiles.folder, mode: 0o700) }
    let watcher = FolderWatcher(
      root: root, index: index,
      look: { willList in
        let generation = snapshot.generation
        guard let baselineProgress, snapshot.isProvisional else {
          let (scan, baseline, _, flags) = scanWithBaseline(willList: willList)
          snapshot.replace(with: scan, startedAt: generation, carrying: flags)
          return baseline
        }
        let (scan, baseline, found, flags) = scanWithBaseline(
          willList: willList, progress: baselineProgress)
        snapshot.replace(with: scan, startedAt: generation, carrying: flags)
        baselineProgress(
          ScanProgress(filesRead: found, filesFound: found, listingUpdated: true, isFinished: true))
        return baseline
      }, lookEveryTime: scansEveryLook,
      partialLook: scansEveryLook
        ? { regions, baseline, willList in
          // Only over a complete kept listing: the baseline scan has ended.
          let generation = snapshot.generation
          // The flags the kept listing carries are carried on (see `ScanSnapshot`): the app's
          // next read needs no pass over the whole library and no second array of it.
          let (current, flags) = snapshot.currentWithFlags
          guard let kept = current, !kept.isProvisional,
            let (scan, change, carried) = partialScan(
              of: regions, previous: kept, baseline: &baseline, flags: flags,
              willList: willList)
          else { return nil }
          snapshot.replace(with: scan, startedAt: generation, carrying: carried)
          // The look's walk, facts and index reads were made and freed on the watcher's
          // thread: their space goes back to the system before the app reads the new listing
          // (at a million photos it stayed resident, 9 MB a change).
          POSIX.releaseFreedMemory()
          return change
        } : nil, stateFiles: stateFiles, notice: notice
    ) { change in
      // Without a scan of its own the kept listing is stale from here: the handler's own reads
      // scan again.
      if !scansEveryLook { snapshot.invalidate() }
      handler(change)
    }
    if baselineProgress != nil {
      watcher.startInBackground(detection)
    } else {
      watcher.start(detection)
    }
    return LibraryObservation(
      onCancel: {
        watcher.cancel()
        snapshot.observationEnded()
      }, watcher: watcher)
  }
}
