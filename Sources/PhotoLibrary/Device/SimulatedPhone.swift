import Foundation

/// The simulated iPhone one launch of an app runs on: the one owner of that launch.
///
/// It holds the app's `PhotoLibrarySession` (the permission engine over the per-app store and
/// the library folder; replaced when the device moves to another iOS version, a new launch),
/// the library's listing with lookup by id (ids compared by their bytes), and, once
/// ``start(scanDelay:_:)`` is called, the observations of the folder and of the store, whose
/// notices reach the app as one stream of ``DeviceEvent``s, and the launch's ``LaunchRecord``.
/// Front ends (the gallery, the picker's `PermissionClient`, PhotoKitCompat's
/// `PhotoKitDevice`) ask it and keep no copy of the permission state: every step
/// is applied by the session to the store under its lock, so a change made meanwhile by
/// another process is never undone. What the app reads is filtered by the session's access;
/// what system UI shows (the limited picker, the prompt's samples) is any asset but hidden ones.
///
/// Thread-safe: the observations call in from background queues.
///
/// Sendable by hand (`@unchecked`): every mutable property is touched only under `lock`.
public final class SimulatedPhone: @unchecked Sendable {
  /// The library folder's path (for titles and for `pick`'s absolute paths).
  public let libraryPath: String
  private let lock = NSLock()
  private var currentSession: PhotoLibrarySession
  private var listing = AssetListing([])
  /// True until the library is first listed, and after each change heard: the listing is
  /// read when next asked for, so that a launch observed by ``start(scanDelay:_:)`` lists the
  /// first scan's listing so far instead of waiting for a whole scan.
  private var listingIsStale = true
  private var lastError: String?
  private var post: (@Sendable (DeviceEvent) -> Void)?
  private var scanDelay: UInt32 = 0
  private var folderObservation: LibraryObservation?
  private var storeObservation: LibraryObservation?
  private var observerID: UInt64?
  private var currentLaunch = LaunchRecord()

  /// Reads the stored state; throws when it cannot be read (a damaged state file is
  /// reported, never taken as granted). The library is listed when first needed.
  public convenience init(session: PhotoLibrarySession, libraryPath: String) throws {
    self.init(launching: session, libraryPath: libraryPath)
    _ = try session.state()
  }

  /// A launch of the app of `session`, reading nothing yet (an app whose first call reports a
  /// damaged state file, as PhotoKit's do).
  public init(launching session: PhotoLibrarySession, libraryPath: String) {
    currentSession = session
    self.libraryPath = libraryPath
  }

  deinit { stop() }

  /// The app's session now (a new one after ``perform(_:)`` changes the iOS version).
  public var session: PhotoLibrarySession { lock.withLock { currentSession } }

  /// What this launch keeps beside the stored state (a new record after ``perform(_:)``
  /// changes the iOS version).
  public var launch: LaunchRecord { lock.withLock { currentLaunch } }

  // MARK: Events

  /// Starts the device's notices: the library folder's first scan and changes (when the
  /// library is a folder) and the app's stored state, changed by the app or by other
  /// processes (`photogate select`, `settings`, `privacy` in another terminal). Each reaches
  /// `post` once and in order; a change of access made elsewhere has terminated the session
  /// by then. `scanDelay` (microseconds) slows each report of the first scan, for tests of a
  /// library that scans slowly.
  public func start(scanDelay: UInt32 = 0, _ post: @escaping @Sendable (DeviceEvent) -> Void)
    throws
  {
    observeLibrary(scanDelay: scanDelay, post)
    try observeNotices()
  }

  /// Starts the library folder's notices only (when the library is a folder), after stopping
  /// every notice: ``observeNotices()`` adds the store's. With `scanInBackground`, the first
  /// scan runs in the background and the app starts on the listing so far, refreshed as it
  /// grows; without, this returns once the library is listed. With `notifyingSession`, each
  /// change is also the engine's notice to the session's observers, with only the ids the app
  /// may read (``PhotoLibrarySession/notifyLibraryChange(_:in:)``): an app's change observers
  /// hear it (as ``DeviceEvent/permissionsChanged(_:)`` once ``observeNotices()`` is on).
  public func observeLibrary(
    scanInBackground: Bool = true, scanDelay: UInt32 = 0, notifyingSession: Bool = false,
    _ post: @escaping @Sendable (DeviceEvent) -> Void
  ) {
    stop()
    lock.withLock {
      self.post = post
      self.scanDelay = scanDelay
    }
    guard let folder = session.backend as? FolderLibrary else { return }
    // Observed before the next listing, so that every listing of this launch reuses one
    // scan until a change is heard.
    var progress: (@Sendable (ScanProgress) -> Void)?
    if scanInBackground {
      progress = { [weak self] progress in
        if progress.listingUpdated { self?.libraryDidChange() }
        post(.scanProgress(progress))
        if progress.listingUpdated { post(.libraryChanged) }
        if scanDelay > 0, !progress.isFinished { usleep(scanDelay) }
      }
    }
    let observation = folder.observe(
      baselineProgress: progress, notice: { [weak self] text in self?.report(notice: text) }
    ) { [weak self] change in
      self?.libraryDidChange()
      post(.libraryChanged)
      if !change.changed.isEmpty { post(.assetsModified(change.changed)) }
      if notifyingSession { self?.session.notifyLibraryChange(change, in: folder) }
    }
    lock.withLock { folderObservation = observation }
  }

  /// Adds the engine's and the store's notices to the folder's (started by
  /// ``observeLibrary(scanInBackground:scanDelay:notifyingSession:_:)``); nothing when they are
  /// on already, or no notices were started.
  public func observeNotices() throws {
    guard let post = lock.withLock({ observerID == nil ? post : nil }) else { return }
    try observeSession(post)
  }

  /// Hands the library folder's changes made until now to the notices at once (after the
  /// first scan, when it runs in the background), so that observers registered next do not
  /// hear of them: an app's change observer hears the changes made after it registered.
  public func catchUpWithLibrary() {
    lock.withLock { folderObservation }?.catchUp()
  }

  /// Stops every notice of ``start(scanDelay:_:)``.
  public func stop() {
    let (folder, store, id, session) = lock.withLock {
      defer {
        folderObservation = nil
        storeObservation = nil
        observerID = nil
        post = nil
      }
      return (folderObservation, storeObservation, observerID, currentSession)
    }
    folder?.cancel()
    store?.cancel()
    if let id { session.unregister(id) }
  }

  /// Whether the library folder is observed (its first scan then runs in the background).
  public var observesLibrary: Bool { lock.withLock { folderObservation != nil } }

  /// Registers for the engine's notices, then watches the store for other processes'
  /// changes. When the store cannot be watched, the engine's own notices (this process's
  /// changes and the folder's) still arrive and the error is thrown for the caller to report;
  /// ``stop()`` ends both.
  private func observeSession(_ post: @escaping @Sendable (DeviceEvent) -> Void) throws {
    let session = session
    let id = session.register { change in post(.permissionsChanged(change)) }
    lock.withLock { observerID = id }
    let observation = try session.observeStoreChanges(onError: { error in
      post(.permissionsUnreadable("\(error)"))
    })
    lock.withLock { storeObservation = observation }
  }

  /// Marks the listing stale: it is read again when next needed (a change notice the caller
  /// heard; the device's own notices do this themselves).
  public func libraryDidChange() { lock.withLock { listingIsStale = true } }

  // MARK: The library

  /// The library as last listed, read again after a change was heard (or asked for ids it
  /// does not know: a newer listing the picker fetched).
  private func currentListing(knowing ids: [String] = []) -> AssetListing {
    let (stale, current) = lock.withLock { (listingIsStale, listing) }
    guard stale || ids.contains(where: { current.asset($0) == nil }) else {
      return current
    }
    return rescan() ?? current
  }

  /// Lists the library again (after a change notice); nil when it cannot be read (the error
  /// goes to ``takeError()``).
  @discardableResult
  public func rescan() -> AssetListing? {
    do {
      lock.withLock { listingIsStale = false }
      // The session's index of the same listing when it has one (one index, not two).
      let session = session
      let fresh = session.indexed(try session.backend.allAssets())
      lock.withLock { listing = fresh }
      return fresh
    } catch {
      lock.withLock { lastError = "\(error)" }
      return nil
    }
  }

  /// The files of the assets with `ids` that the app may read now (the grid, a pick), in
  /// the order asked.
  public func readableFiles(_ ids: [String]) -> [(id: String, url: URL)] {
    let listing = currentListing(knowing: ids)
    do {
      let access = try session.access()
      return ids.compactMap { id in
        guard let asset = listing.asset(id), access.canRead(asset) else { return nil }
        return (id: id, url: asset.url)
      }
    } catch {
      lock.withLock { lastError = "\(error)" }
      return []
    }
  }

  /// The files of the assets with `ids` as the system's own UI shows them (the limited
  /// picker, the iOS 17+ prompt's samples): any asset of the library.
  public func systemUIFiles(_ ids: [String]) -> [(id: String, url: URL)] {
    let listing = currentListing(knowing: ids)
    return ids.compactMap { id in listing.asset(id).map { (id: id, url: $0.url) } }
  }

  /// What the iOS 17+ prompt shows of the library as last listed (system UI: any asset but
  /// hidden ones).
  public func promptLibrary() -> PromptLibrary { PromptLibrary(currentListing().assets) }

  /// What the system photo picker (`PHPickerViewController`) offers, newest first: the library
  /// as last listed, whatever the app's access (the picker runs outside the app), but hidden
  /// assets, which its grid never shows.
  public func systemPickerAssets() -> [Asset] {
    currentListing().assets.filter { !$0.isHidden }
  }

  // MARK: The device

  /// Performs a change to the device from outside the app (the app relaunches afterwards).
  public func perform(_ command: DeviceCommand) throws {
    let session = session
    switch command {
    case .privacy(let action, let service): try session.apply(action, to: service)
    case .restrict(let on): try session.setRestricted(on)
    case .resetAll: try session.resetAll()
    case .ios(let version):
      // The folder's observation stays; the new launch's session is observed afresh.
      let (store, id, poster) = lock.withLock {
        defer {
          storeObservation = nil
          observerID = nil
          currentLaunch = LaunchRecord()
          currentSession = PhotoLibrarySession(
            bundleID: session.bundleID, ios: version, infoPlist: session.infoPlist,
            backend: session.backend, store: session.store, responder: session.responder)
        }
        return (storeObservation, observerID, post)
      }
      store?.cancel()
      if let id { session.unregister(id) }
      if let poster, id != nil { try observeSession(poster) }
    }
  }

  /// Whether the parental-controls restriction is on (false when the state cannot be read).
  public var isRestricted: Bool { (try? session.state().isRestricted) ?? false }

  /// Records a store error for the app's notice line.
  public func report(_ error: any Error) { lock.withLock { lastError = "\(error)" } }

  /// Records a notice for the app's notice line (a folder the library's watcher cannot watch).
  public func report(notice: String) { lock.withLock { lastError = notice } }

  /// Returns the last error and forgets it.
  public func takeError() -> String? {
    lock.withLock {
      defer { lastError = nil }
      return lastError
    }
  }
}
