import Synchronization

/// The last scan of a library, reused by ``FolderLibrary/allAssets()`` while it is known to be
/// current: while the library is observed (every change reaches the watcher, which drops the
/// snapshot before its notice goes out) and until this process imports or deletes a file.
///
/// The watcher keeps it current: with an index each of its looks is a scan that replaces the
/// snapshot before the notice goes out; without one the notice drops it.
///
/// What `PHFetchResult` is on iOS: a listing that stays as it was until a change notice says
/// otherwise. Without an observation nothing is reused: each listing scans again, so a command
/// (a separate process) and code that changes the folder by itself always see it as it is.
final class ScanSnapshot: Sendable {
  private struct State {
    /// Bumped by every ``invalidate()``: a scan begun before it is not kept.
    var generation: UInt64 = 0
    /// How many observations keep the snapshot current.
    var observers = 0
    /// Whether ``scan`` is a provisional listing, replaced as the running scan goes on.
    var provisional = false
    /// The assets a provisional listing starts from (the index's remembered first screen, or
    /// the first files found), kept in every provisional listing until the scan reads them
    /// itself.
    var remembered: [Asset] = []
    /// Whether ``remembered`` is the index's remembered first screen (not the first files
    /// found).
    var rememberedByIndex = false
    /// The attributes whose favourite and hidden flags the kept listing's assets carry (nil:
    /// none applied yet). The flags are applied to the kept listing itself, once: every
    /// reader of it (the app's device and its picker) gets that one array, and no second
    /// array of a million assets is held beside it. A scan's own assets carry no flags, and
    /// applying attributes sets both flags of every asset, so a listing with flags is as good
    /// a start for the next attributes as one without.
    var appliedAttributes: LibraryAttributes?
    /// The kept scan itself; a new one carries no flags yet.
    var scan: FolderScan? {
      didSet { appliedAttributes = nil }
    }
  }

  private let state = Mutex(State())

  /// Whether the library is observed: its listings reuse the kept scan.
  var isObserved: Bool { state.withLock { $0.observers > 0 } }

  /// The kept scan, when one is kept and the library is observed.
  var current: FolderScan? {
    state.withLock { $0.observers > 0 ? $0.scan : nil }
  }

  /// Keeps `scan` unless the snapshot was invalidated since `generation`.
  func keep(_ scan: FolderScan, startedAt generation: UInt64) {
    state.withLock { state in
      if state.generation == generation, state.observers > 0 {
        state.scan = scan
        state.provisional = false
        state.remembered = []
      }
    }
  }

  /// Whether `assets` is the kept listing (the same storage) and carries the flags of
  /// `attributes` already.
  func carries(_ attributes: LibraryAttributes, _ assets: AssetList) -> Bool {
    state.withLock { state in
      guard state.appliedAttributes == attributes, let scan = state.scan else { return false }
      return scan.assets.isSameStorage(as: assets)
    }
  }

  /// Keeps `attributed`, the flags of `attributes` applied to `assets`, in place of the kept
  /// listing when `assets` is that listing (its flags come from nothing else), for
  /// ``carries(_:_:)``.
  func keep(attributed: AssetList, of assets: AssetList, with attributes: LibraryAttributes) {
    state.withLock { state in
      guard state.observers > 0, var scan = state.scan, scan.assets.isSameStorage(as: assets)
      else { return }
      scan.assets = attributed
      state.scan = scan
      state.appliedAttributes = attributes
    }
  }

  /// Whether the kept listing is provisional: a scan is running in the background (see
  /// ``FolderLibrary/observe(detection:baselineProgress:_:)``), and listings read the files
  /// it has read so far instead of scanning again.
  var isProvisional: Bool { state.withLock { $0.provisional } }

  /// Keeps `remembered` (newest first; empty when nothing is remembered) as the provisional
  /// listing until the running scan keeps its first one, and in each one after it.
  /// `byIndex`: they are the index's remembered first screen (see ``startedFromRemembered``),
  /// not the first files found.
  func beginProvisional(from remembered: [Asset] = [], byIndex: Bool = true) {
    state.withLock { state in
      guard state.observers > 0 else { return }
      state.scan = FolderScan(assets: AssetList(remembered), problems: [], isProvisional: true)
      state.provisional = true
      state.remembered = remembered
      state.rememberedByIndex = byIndex
    }
  }

  /// Keeps `assets` (the ones read so far), with the remembered ones not read yet, newest
  /// first, as the provisional listing while the snapshot is still provisional; returns
  /// whether it was kept.
  /// `assets` is taken over (sorted in place, not copied: it is a listing of the whole library
  /// read so far); `isSorted` says it is newest first already (then, with no remembered asset
  /// to add, it is kept as it is, shared with its maker). `carrying`: the attributes whose
  /// favourite and hidden flags its assets carry, if any (see ``carries(_:_:)``).
  func keepProvisional(
    _ assets: consuming [Asset], isSorted: Bool = false, carrying flags: LibraryAttributes? = nil
  ) -> Bool {
    var listing = assets
    return state.withLock { state in
      guard state.provisional, state.observers > 0 else { return false }
      var sorted = isSorted
      if !state.remembered.isEmpty {
        // The remembered ones not read yet: a set of those (a screenful), not of every id read.
        var unread = AssetIDSet(state.remembered.map(\.id))
        for asset in listing where !unread.isEmpty { _ = unread.remove(asset.id) }
        if unread.isEmpty {
          // All read: no later listing looks for them (nor copies itself to add none).
          state.remembered = []
        } else {
          listing += state.remembered.filter { unread.contains($0.id) }
          sorted = false
        }
      }
      if !sorted { FolderLibrary.sortNewestFirst(&listing) }
      state.scan = FolderScan(assets: AssetList(listing), problems: [], isProvisional: true)
      state.appliedAttributes = flags
      return true
    }
  }

  /// Whether the provisional listing started from a remembered first screen.
  var startedFromRemembered: Bool {
    state.withLock { $0.rememberedByIndex && !$0.remembered.isEmpty }
  }

  /// The generation a scan starting now belongs to.
  var generation: UInt64 { state.withLock { $0.generation } }

  /// Keeps `scan`, the watcher's look begun at `generation`, in place of the kept one (a scan
  /// begun before it is not kept). When the snapshot was invalidated since `generation` (this
  /// process imported or deleted a file while the look was reading the folder), the look may
  /// predate that change: nothing is kept, so the next listing scans the folder as it is now.
  ///
  /// `carrying`: the attributes whose flags `scan`'s assets carry, if any.
  func replace(
    with scan: FolderScan, startedAt generation: UInt64, carrying flags: LibraryAttributes? = nil
  ) {
    state.withLock { state in
      let current = state.generation == generation
      state.generation &+= 1
      state.provisional = false
      state.remembered = []
      if state.observers > 0 {
        state.scan = current ? scan : nil
        if current { state.appliedAttributes = flags }
      }
    }
  }

  /// The kept scan (as ``current``) and the attributes whose flags its assets carry.
  var currentWithFlags: (FolderScan?, LibraryAttributes?) {
    state.withLock { state in
      state.observers > 0 ? (state.scan, state.appliedAttributes) : (nil, nil)
    }
  }

  /// Forgets the kept scan: the folder changed.
  func invalidate() {
    state.withLock { state in
      state.scan = nil
      state.provisional = false
      state.remembered = []
      state.generation &+= 1
    }
  }

  /// An observation started (the scan kept so far predates its baseline, so it is dropped).
  func observationStarted() {
    state.withLock { state in
      state.observers += 1
      state.scan = nil
      state.generation &+= 1
    }
  }

  /// An observation ended; with none left nothing is reused.
  func observationEnded() {
    state.withLock { state in
      state.observers -= 1
      if state.observers == 0 {
        state.scan = nil
        state.provisional = false
        state.remembered = []
      }
    }
  }
}
