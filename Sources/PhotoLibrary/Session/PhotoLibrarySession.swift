import Dispatch
import Foundation
import Synchronization

/// One launch of one app against the photo library: the model, the stored state and the
/// library joined, with every read and write checked (docs/permission-model.md, from
/// #requests-and-prompts to #reading-and-writing).
///
/// Plays the part of `PHPhotoLibrary.shared()` plus the system UI around it: requests show
/// prompts through the `responder`, the automatic limited-access alert appears at the first
/// library access of the launch, and listing, counting, reading and saving are filtered or
/// refused by `LibraryAccess`, never left to the caller. A new session is a new launch.
/// Thread-safe; handlers and observers are called on a background queue.
///
/// Sendable by hand (`@unchecked`): the launch's mutable state is touched only under `lock` (commits under `commitLock`).
public final class PhotoLibrarySession: @unchecked Sendable {
  public let bundleID: String
  public let ios: IOSVersion
  /// Read once per launch.
  public let infoPlist: InfoPlist
  public let backend: any PhotoLibraryBackend
  public let store: any AuthorizationStateStore
  public let responder: AuthorizationResponder

  let lock = NSLock()
  /// Held while this launch commits a change and while it takes in a store notice, so that a
  /// notice of its own change is never mistaken for someone else's.
  let commitLock = NSLock()
  var launchState = LaunchState.fresh
  var termination: AppTermination?
  var observers: [UInt64: @Sendable (PhotoLibraryChange) -> Void] = [:]
  var nextObserverID: UInt64 = 0
  /// The look at the library that ``withOneLook(_:)`` keeps for its thread, if one runs.
  let oneLook = Mutex<OneLook?>(nil)
  /// The automatic alert shown in this launch, if any (for the command line to print).
  var shownAlert: LimitedAccessAlert?
  /// The prompt whose limited option opened the picker; its handler waits for the picker.
  var promptAwaitingPicker: AuthorizationPrompt?
  /// The stored record this launch has accounted for, while it hears the store's changes.
  var knownRecord: StoredAuthorization?
  /// The record ``state()`` read last, with the store's version of it: read again only when
  /// the version differs (a commit by anyone), so that a key press that changes nothing reads
  /// no file.
  var readRecord: (version: AnyHashable, record: StoredAuthorization)?
  /// The listing ``asset(withID:)`` looked in last, with its position of each id.
  var indexedListing: AssetListing?
  /// Request handlers run here (concurrent: a handler may wait on a prompt of its own).
  let callbackQueue = DispatchQueue(label: "photogate.library.callbacks", attributes: .concurrent)
  /// Change observers run here, one notice at a time and in order, as on iOS.
  let observerQueue = DispatchQueue(label: "photogate.library.observers")

  public init(
    bundleID: String, ios: IOSVersion, infoPlist: InfoPlist = .builtIn,
    backend: any PhotoLibraryBackend, store: any AuthorizationStateStore,
    responder: AuthorizationResponder = .unanswered
  ) {
    self.bundleID = bundleID
    self.ios = ios
    self.infoPlist = infoPlist
    self.backend = backend
    self.store = store
    self.responder = responder
  }

  /// The stored state (for status displays; it grants nothing by itself).
  ///
  /// The store is read again only when its version of the record changed since the last
  /// read (``AuthorizationStateStore/recordVersion(bundleID:)``: a `stat` for the file store),
  /// so it is always current, and a damaged record always throws.
  public func state() throws -> AuthorizationState {
    let version = store.recordVersion(bundleID: bundleID)
    if let version, let read = lock.withLock({ readRecord }), read.version == version {
      return read.record.state
    }
    let record = try store.loadStored(bundleID: bundleID)
    // A commit between the version and the read leaves a newer record under an older
    // version: the next call sees another version and reads again.
    if let version { lock.withLock { readRecord = (version, record) } }
    return record.state
  }

  /// `PHPhotoLibrary.authorizationStatus(for:)`.
  public func authorizationStatus(for level: AccessLevel) throws -> AuthorizationStatus {
    try state().status(for: level)
  }

  /// The deprecated `PHPhotoLibrary.authorizationStatus()`.
  public func authorizationStatus() throws -> AuthorizationStatus {
    try state().legacyStatus
  }

  /// This launch's flags.
  public var launch: LaunchState { lock.withLock { launchState } }

  /// Why the app was terminated in this launch, if it was.
  public var terminationReason: AppTermination? { lock.withLock { termination } }

  /// The automatic limited-access alert if it appeared in this launch.
  public var automaticAlertShown: LimitedAccessAlert? { lock.withLock { shownAlert } }

  /// Refuses everything once the app was terminated.
  func ensureRunning() throws {
    if let termination = lock.withLock({ termination }) {
      throw PhotoLibraryError.terminated(termination)
    }
  }

  /// Ends the launch with `reason`.
  func terminate(_ reason: AppTermination) -> PhotoLibraryError {
    lock.withLock { termination = reason }
    return .terminated(reason)
  }

  // MARK: Observers

  /// Registers `observer` for library changes (`PHPhotoLibrary.register(_:)`); it is called on
  /// a background serial queue, never the main thread. Keep the returned id to unregister.
  @discardableResult
  public func register(_ observer: @escaping @Sendable (PhotoLibraryChange) -> Void) -> UInt64 {
    lock.withLock {
      nextObserverID += 1
      observers[nextObserverID] = observer
      return nextObserverID
    }
  }

  public func unregister(_ id: UInt64) {
    _ = lock.withLock { observers.removeValue(forKey: id) }
  }

  /// Tells every observer about `change`, in order, on a background serial queue.
  public func notify(_ change: PhotoLibraryChange) {
    // Files this launch added, removed or changed: a look kept at the library is out of date.
    if case .assetsChanged = change { oneLook.withLock { $0?.isOutOfDate = true } }
    let current = lock.withLock { Array(observers.values) }
    for observer in current {
      observerQueue.async { observer(change) }
    }
  }
}

extension PhotoLibrarySession {
  /// Reads, changes and writes the app's stored state under the store's lock (every change
  /// this launch makes goes through here). While the store is observed, a change another
  /// process committed just before this one is applied first, and this one is remembered so
  /// that its own notice is not taken for someone else's.
  func write<T>(_ body: (inout AuthorizationState) throws -> T) throws -> T {
    let (commit, missed) = try commitLock.withLock {
      let commit = try store.commit(bundleID: bundleID, body)
      let missed = lock.withLock { () -> AuthorizationState? in
        guard let known = knownRecord else { return nil }
        knownRecord = commit.after
        let external =
          commit.before.generation != known.generation && commit.before.state != known.state
        return external ? known.state : nil
      }
      return (commit, missed)
    }
    if let missed { applyStoredChange(from: missed, to: commit.before.state) }
    return commit.result
  }
}
