import FileSystem
import Foundation
import ImageDecoding

/// Listing, counting and reading, enforced by status, with the automatic limited-access alert
/// at the first access of a launch.
extension PhotoLibrarySession {
  /// The access the stored state grants now.
  public func access() throws -> LibraryAccess {
    try state().libraryAccess(ios: ios)
  }

  /// `PHAsset.fetchAssets`: the assets this app may see, newest first (all, the limited
  /// selection plus own creations, or none).
  public func fetchAssets() throws -> AssetList {
    try fetchAssets(among: backend.allAssets())
  }

  /// ``fetchAssets()`` over a listing of the whole library that the caller already made (a
  /// scan it also reports on), so that the folder is read once.
  public func fetchAssets(among assets: AssetList) throws -> AssetList {
    try beginLibraryAccess()
    try forgetDeletedAssets(existing: assets)
    let access = try access()
    guard case .limited(let ids, _) = access, ids.count < assets.count / 8 else {
      return access.filter(assets)
    }
    // A selection much smaller than the library: each selected id is looked up in the
    // listing's index (kept from the reconciliation above) instead of every asset's id in the
    // selection.
    let listing = indexed(assets)
    guard listing.idsAreUnique else { return access.filter(assets) }
    return AssetList(
      ids.compactMap { listing.position(of: $0) }.sorted().lazy.map { assets[$0] }
        .filter { access.canRead($0) })
  }

  /// Brings the limited selection and the app's creations up to date with `assets`, a
  /// listing of the whole library (see ``AuthorizationState/reconcileFiles(with:isUnlisted:)``):
  /// the ids of assets that no longer exist (deleted files, or files replaced by new ones under
  /// the same name) leave them, and bare ids adopt their file's identity; observers are told
  /// when the selection changes. Entries that are still on disk but cannot be read stay
  /// selected. Looks up only the recorded ids, each in constant time.
  func forgetDeletedAssets(existing assets: AssetList) throws {
    try forgetDeletedAssets(
      lookingUp: { self.lookUp($0, in: assets) },
      unlisted: {
        guard let folder = backend as? FolderLibrary else { return [] }
        let scan = folder.currentScan()
        // A listing so far (the scan is still running) says nothing about what was deleted.
        if scan.isProvisional { return nil }
        return Set(scan.problems.map(\.path))
      })
  }

  /// ``forgetDeletedAssets(existing:)`` with each recorded id looked up by `lookUp`; `unlisted`
  /// gives the entries still on disk that cannot be read (nil: nothing may be forgotten now).
  func forgetDeletedAssets(
    lookingUp lookUp: (String) -> Asset?, unlisted: () -> Set<String>?
  ) throws {
    let state = try state()
    guard !state.limitedSelection.isEmpty || !state.createdAssetIDs.isEmpty else { return }
    var probe = state
    guard probe.reconcileFiles(with: lookUp), let unlisted = unlisted() else { return }
    let changed = try write { state -> Bool in
      let before = state.limitedSelection
      state.reconcileFiles(with: lookUp, isUnlisted: { unlisted.contains($0) })
      return before != state.limitedSelection
    }
    if changed { notify(.selectionChanged) }
  }

  /// Throws `.unknownAsset` naming the first of `ids` that is not an asset of the library:
  /// the limited selection only ever holds assets that exist.
  public func checkAssetsExist(_ ids: some Collection<String>) throws {
    guard !ids.isEmpty else { return }
    try checkAssetsExist(ids, lookingUp: assetLookup())
  }

  /// The library's assets by id, for the checks and records of a few ids (the limited
  /// picker's, `--select`'s): the kept listing's lookup while the library is observed (a running
  /// app lists it once), else the library index's (a command: each id looked up, no list of a
  /// million assets made), else a listing of the whole library. Their favourite and hidden
  /// flags are not set.
  func assetLookup() throws -> (String) -> Asset? {
    if let listing = unobservedListing() { return listing.asset(withID:) }
    let assets = try backend.allAssets()
    return { self.lookUp($0, in: assets) }
  }

  /// The session's folder library refreshed in its index, when no app observes the library (a
  /// command): what it reads a few assets, or counts, from. Nil for an observed library (its
  /// kept listing is at hand), another backend, or a library without an index.
  ///
  /// Inside ``withOneLook(_:)``, on its thread, the first refresh is kept for the rest of it.
  func unobservedListing() -> IndexedListing? {
    guard let folder = backend as? FolderLibrary, !folder.snapshot.isObserved else { return nil }
    let thread = pthread_self()
    let current = oneLook.withLock { look -> (OneLook, isOutOfDate: Bool)? in
      guard let look, pthread_equal(look.thread, thread) != 0 else { return nil }
      defer { look.isOutOfDate = false }
      return (look, look.isOutOfDate)
    }
    guard let (look, isOutOfDate) = current else { return IndexedListing.refresh(folder) }
    if !isOutOfDate, let listing = look.listing { return listing }
    look.listing = IndexedListing.refresh(folder)
    return look.listing
  }

  /// Runs `body` with one look at the library for every lookup and count it makes on this
  /// thread (a command's check of its ids, its prompt's count, its picker's records): one
  /// refresh of the library index, one walk of the library, instead of one for each. A file
  /// another process adds meanwhile is seen once a later call refreshes; a file this launch
  /// adds, removes or changes (``notify(_:)`` hears of it) makes the next lookup refresh.
  public func withOneLook<Result>(_ body: () throws -> Result) rethrows -> Result {
    let look = OneLook(thread: pthread_self())
    let isOuter = oneLook.withLock { current -> Bool in
      guard current == nil else { return false }
      current = look
      return true
    }
    // A nested call keeps the outer look; a call on another thread meanwhile takes none.
    guard isOuter else { return try body() }
    defer { oneLook.withLock { $0 = nil } }
    return try body()
  }

  /// ``checkAssetsExist(_:)`` with each id looked up by `lookUp`.
  func checkAssetsExist(_ ids: some Collection<String>, lookingUp lookUp: (String) -> Asset?)
    throws
  {
    if let unknown = ids.first(where: { lookUp($0) == nil }) {
      throw PhotoLibraryError.unknownAsset(unknown)
    }
  }

  /// Throws `.unavailable` on iOS 13, which has no limited access.
  func ensureLimitedAccessExists(_ what: String) throws {
    guard ios.hasAccessLevels else {
      throw PhotoLibraryError.unavailable(
        "iOS 13 has no limited access: \(what) exists from iOS 14 (use --ios 14 or later)")
    }
  }

  /// The limited picker as `presentLimitedLibraryPicker` would open it now: only while
  /// read/write is limited, and never on iOS 13 (which reads a stored limited state as
  /// authorized); nil otherwise.
  public func limitedPickerSession() throws -> LimitedPickerSession? {
    guard ios.hasAccessLevels else { return nil }
    return try state().presentLimitedLibraryPicker()
  }

  /// How many assets the app may see (never more than it may list).
  public func assetCount() throws -> Int {
    try fetchAssets().count
  }

  /// `PHAssetCollection.fetchAssetCollections(with: .album, …)`: every album's path, folders'
  /// albums included, only with full read/write access.
  public func albums() throws -> [String] {
    UserCollection.albums(in: try userCollections())
  }

  /// `PHCollection.fetchTopLevelUserCollections(with:)`: the library's albums and folders of
  /// albums, only with full read/write access. Folders follow from every asset of the library
  /// (hidden ones included: an album of hidden photos still exists).
  public func userCollections() throws -> [UserCollection] {
    try beginLibraryAccess()
    let access = try access()
    guard access.canUseAlbums else {
      throw PhotoLibraryError.accessDenied(
        "albums cannot be listed with \(try describeAccess()) access")
    }
    return UserCollection.tree(of: try backend.allAssets())
  }

  /// The readable asset with `id`, or `.assetNotFound` (the same answer for a hidden asset as
  /// for a missing one, so that nothing leaks).
  public func asset(withID id: String) throws -> Asset {
    try beginLibraryAccess()
    let access = try access()
    guard let asset = lookUp(id, in: try backend.allAssets()), access.canRead(asset) else {
      throw PhotoLibraryError.assetNotFound(id)
    }
    return asset
  }

  /// The asset with `id` (compared by bytes) in `assets`: one hash when `assets` is the listing
  /// looked up last (the folder library keeps one listing while it is observed), else the
  /// listing is indexed for the next lookup.
  func lookUp(_ id: String, in assets: AssetList) -> Asset? { indexed(assets).asset(id) }

  /// `assets` indexed by id: the listing indexed last when `assets` is its list, else a new
  /// index, kept for the next lookup (the simulated device shares it).
  func indexed(_ assets: AssetList) -> AssetListing {
    if let kept = lock.withLock({ indexedListing }), kept.isListing(of: assets) { return kept }
    // The listing is kept with its index, so its storage cannot be reused by another one.
    let listing = AssetListing(assets)
    lock.withLock { indexedListing = listing }
    return listing
  }

  /// The bytes of a readable asset (`PHImageManager.requestImageDataAndOrientation`): a
  /// regular file only (see `RegularFile`), and no larger than the decoders' file limit
  /// (`DecodeLimits.maxFileBytes`), so that no file can block the call or exhaust memory.
  public func contents(ofAssetWithID id: String) throws -> Data {
    let asset = try asset(withID: id)
    let limit = DecodeLimits.default.maxFileBytes
    do {
      let file = try RegularFile(path: asset.url.path)
      defer { file.close() }
      guard file.size <= limit else {
        throw PhotoLibraryError.accessDenied(
          "\(asset.url.path) is \(file.size) bytes, over the limit of \(limit) bytes for a file")
      }
      return Data(try file.read(at: 0, count: file.size))
    } catch let error as SystemError {
      throw PhotoLibraryError.accessDenied("\(asset.url.path) cannot be read: \(error.reason)")
    }
  }

  /// The status words for messages: "denied", "add-only", "limited"…
  func describeAccess() throws -> String {
    let state = try state()
    if !ios.hasAccessLevels { return "\(state.legacyStatus)" }
    let readWrite = state.status(for: .readWrite)
    if readWrite != .authorized && readWrite != .limited
      && state.status(for: .addOnly) == .authorized
    {
      return "add-only"
    }
    return "\(readWrite)"
  }

  /// Marks the first library access of the launch, showing the automatic limited-access alert
  /// when it is due. "Select More Photos…" opens the limited picker.
  ///
  /// Before that, while read/write is not determined, the first access of the launch shows the
  /// read/write prompt by itself, as Photos does ("Photos automatically and asynchronously
  /// prompts the user … when your app first attempts to use the photo library"): the responder
  /// answers it; left unanswered, the access goes on and sees nothing.
  public func beginLibraryAccess() throws {
    try promptImplicitly()
    try showAutomaticAlertIfDue()
  }

  /// The read/write prompt of the first library access while read/write is not determined
  /// (once per launch); returns the request's report, nil when no prompt was due or it was
  /// left unanswered. A missing usage description terminates the app.
  @discardableResult
  public func promptImplicitly() throws -> RequestReport? {
    try ensureRunning()
    let request: AuthorizationRequest = ios.hasAccessLevels ? .readWrite : .legacy
    guard try state().status(of: request) == .notDetermined else { return nil }
    let due = lock.withLock { () -> Bool in
      guard !launchState.implicitPromptShown else { return false }
      launchState.implicitPromptShown = true
      return true
    }
    guard due else { return nil }
    do {
      return try requestAuthorization(request)
    } catch PhotoLibraryError.promptUnanswered {
      return nil
    }
  }

  /// The automatic limited-access alert, when it is due at this access.
  func showAutomaticAlertIfDue() throws {
    guard let alert = try takeAutomaticAlert() else { return }
    if responder.answerAlert(alert) == .selectMorePhotos {
      _ = try presentLimitedLibraryPicker()
    }
  }

  /// `presentLimitedLibraryPicker(from:completionHandler:)`: opens the picker only when
  /// read/write is limited; returns the newly added ids, or nil when nothing was presented (the
  /// completion is never called then). Every change notifies observers.
  @discardableResult
  public func presentLimitedLibraryPicker() throws -> [String]? {
    try ensureRunning()
    guard try limitedPickerSession() != nil else { return nil }
    let assets = try backend.allAssets()
    // The picker opens on the selection as it stands: an id whose file was replaced is not
    // shown checked.
    try forgetDeletedAssets(existing: assets)
    guard let session = try limitedPickerSession() else { return nil }
    let outcome = responder.pickLimited(session) { assets }
    return try applyLimitedPicker(outcome)
  }

  /// The limited picker driven by edits rather than a finished selection: opens it on the
  /// current selection, checks `adding`, unchecks `removing`, and taps Done (or Cancel). The
  /// edit is applied to the selection as stored at that moment, under the store's lock, so
  /// two processes editing at once never lose each other's changes. Returns the newly added
  /// ids, or nil when read/write is not limited (nothing changes).
  @discardableResult
  public func editLimitedSelection(
    adding: [String], removing: [String], cancel: Bool = false
  ) throws -> [String]? {
    try editLimitedSelection(adding: adding, removing: removing, cancel: cancel) {
      try assetLookup()
    }
  }

  /// ``editLimitedSelection(adding:removing:cancel:)`` with each id looked up by what
  /// `lookingUp` gives, which is asked once the picker is known to open.
  func editLimitedSelection(
    adding: [String], removing: [String], cancel: Bool,
    lookingUp: () throws -> (String) -> Asset?
  ) throws -> [String]? {
    try ensureRunning()
    try ensureLimitedAccessExists("the limited picker")
    guard try limitedPickerSession() != nil else { return nil }
    let lookUp = try lookingUp()
    try checkAssetsExist(adding, lookingUp: lookUp)
    let result = try write { state -> (Bool, [String])? in
      // Ids whose files were replaced leave first, so that checking such a name again picks
      // the new file.
      refreshFiles(of: &state, lookingUp: lookUp)
      guard var picker = state.presentLimitedLibraryPicker() else { return nil }
      if let stray = removing.first(where: { !picker.selection.contains($0) }) {
        throw PhotoLibraryError.notSelected(stray)
      }
      picker.select(adding)
      picker.deselect(removing)
      let before = state.limitedGrant
      let added = state.applyLimitedPicker(cancel ? picker.cancel : picker.done)
      refreshFiles(of: &state, lookingUp: lookUp)
      return (before != state.limitedGrant, added)
    }
    guard let (changed, added) = result else { return nil }
    if changed { notify(.selectionChanged) }
    return added
  }

  /// Applies a picker outcome made elsewhere (the command line's `select`, the gallery): only
  /// when limited; returns the newly added ids, or nil when not limited (nothing changes).
  @discardableResult
  public func applyLimitedPicker(_ outcome: LimitedPickerOutcome) throws -> [String]? {
    try ensureRunning()
    guard try limitedPickerSession() != nil else { return nil }
    let lookUp = try assetLookup()
    try checkNewlyPicked(outcome, lookingUp: lookUp)
    let result = try write { state -> (Bool, [String])? in
      guard state.presentLimitedLibraryPicker() != nil else { return nil }
      let before = state.limitedGrant
      refreshFiles(of: &state, lookingUp: lookUp)
      let added = state.applyLimitedPicker(outcome)
      // The ids picked now record the files they name now.
      refreshFiles(of: &state, lookingUp: lookUp)
      return (before != state.limitedGrant, added)
    }
    guard let (changed, added) = result else { return nil }
    if changed { notify(.selectionChanged) }
    return added
  }
}

extension PhotoLibrarySession {
  /// Records in `state` the files its ids name, each looked up by `lookUp` (in a listing of the
  /// library, perhaps one still being read, or in its index): ids whose files were replaced
  /// leave, bare ids adopt their file's identity; ids not found stay (only a complete listing
  /// says an asset is gone).
  func refreshFiles(of state: inout AuthorizationState, lookingUp lookUp: (String) -> Asset?) {
    state.reconcileFiles(with: lookUp, isUnlisted: { _ in true })
  }

  /// Refuses a picker outcome that checks an id which is not an asset (ids already selected may
  /// stay, even when their file is gone, until the library is next read).
  func checkNewlyPicked(
    _ outcome: LimitedPickerOutcome, lookingUp lookUp: (String) -> Asset?
  ) throws {
    guard case .done(let selection) = outcome else { return }
    let state = try state()
    try checkAssetsExist(
      AssetIDSet(selection).subtracting(state.limitedSelection).sorted(), lookingUp: lookUp)
  }

  /// The folder entries that could not be read, as far as this app may know of them: all with
  /// full access, only selected ids under limited, none otherwise (or for other backends).
  public func scanProblems() throws -> [ScanProblem] { try scanProblems(in: nil) }

  /// ``scanProblems()`` of `scan`, a scan of the library the caller already made (nil: the
  /// current one), so that a folder is read once.
  public func scanProblems(in scan: FolderScan?) throws -> [ScanProblem] {
    guard let folder = backend as? FolderLibrary else { return [] }
    let access = try access()
    return (scan ?? folder.currentScan()).problems.filter {
      access == .full || access.canRead($0.path)
    }
  }
}
