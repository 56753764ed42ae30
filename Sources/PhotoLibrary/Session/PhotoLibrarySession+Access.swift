import Foundation

/// Listing, counting and reading, enforced by status (PERMISSIONS.md §7), with the automatic
/// limited-access alert at the first access of a launch (§6).
extension PhotoLibrarySession {
  /// The access the stored state grants now.
  public func access() throws -> LibraryAccess {
    try state().libraryAccess(ios: ios)
  }

  /// `PHAsset.fetchAssets`: the assets this app may see, newest first (all, the limited
  /// selection plus own creations, or none).
  public func fetchAssets() throws -> [Asset] {
    try beginLibraryAccess()
    return try access().filter(backend.allAssets())
  }

  /// How many assets the app may see (never more than it may list).
  public func assetCount() throws -> Int {
    try fetchAssets().count
  }

  /// `PHAssetCollection.fetchAssetCollections`: the albums, only with full read/write access.
  public func albums() throws -> [String] {
    try beginLibraryAccess()
    let access = try access()
    guard access.canUseAlbums else {
      throw PhotoLibraryError.accessDenied(
        "albums cannot be listed with \(try describeAccess()) access")
    }
    return try backend.albumNames()
  }

  /// The readable asset with `id`, or `.assetNotFound` (the same answer for a hidden asset as
  /// for a missing one, so that nothing leaks).
  public func asset(withID id: String) throws -> Asset {
    try beginLibraryAccess()
    let access = try access()
    guard access.canRead(id), let asset = try backend.allAssets().first(where: { $0.id == id })
    else { throw PhotoLibraryError.assetNotFound(id) }
    return asset
  }

  /// The bytes of a readable asset (`PHImageManager.requestImageDataAndOrientation`).
  public func contents(ofAssetWithID id: String) throws -> Data {
    let asset = try asset(withID: id)
    do {
      return try Data(contentsOf: asset.url)
    } catch {
      throw PhotoLibraryError.accessDenied(
        "\(asset.url.path) cannot be read: \(error.localizedDescription)")
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
  /// when it is due (§6). "Select More Photos…" opens the limited picker.
  public func beginLibraryAccess() throws {
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
    guard let session = try state().presentLimitedLibraryPicker() else { return nil }
    let outcome = responder.pickLimited(session, try backend.allAssets())
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
    try ensureRunning()
    let result = try write { state -> (Bool, [String])? in
      guard var picker = state.presentLimitedLibraryPicker() else { return nil }
      picker.select(adding)
      picker.deselect(removing)
      let before = state.limitedSelection
      let added = state.applyLimitedPicker(cancel ? picker.cancel : picker.done)
      return (before != state.limitedSelection, added)
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
    let result = try write { state -> (Bool, [String])? in
      guard state.presentLimitedLibraryPicker() != nil else { return nil }
      let before = state.limitedSelection
      let added = state.applyLimitedPicker(outcome)
      return (before != state.limitedSelection, added)
    }
    guard let (changed, added) = result else { return nil }
    if changed { notify(.selectionChanged) }
    return added
  }
}

extension PhotoLibrarySession {
  /// The folder entries that could not be read, as far as this app may know of them: all with
  /// full access, only selected ids under limited, none otherwise (or for other backends).
  public func scanProblems() throws -> [ScanProblem] {
    guard let folder = backend as? FolderLibrary else { return [] }
    let access = try access()
    return folder.scan().problems.filter { access == .full || access.canRead($0.path) }
  }
}
