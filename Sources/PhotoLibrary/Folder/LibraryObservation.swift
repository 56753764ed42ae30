import Synchronization

/// A registration for change notices; notices stop when it is cancelled or deallocated.
///
/// Mirrors the pairing of `PHPhotoLibrary.register(_:)` and `unregisterChangeObserver(_:)`:
/// keep the observation alive for as long as you want notices. A notice already being
/// delivered when `cancel()` is called may still finish; none starts afterwards.
public final class LibraryObservation: Sendable {
  private let onCancel: Mutex<(@Sendable () -> Void)?>
  /// The folder watcher behind a ``FolderLibrary`` observation (nil for other sources).
  let watcher: FolderWatcher?

  /// Wraps what stops the notices; `onCancel` runs once, on the first `cancel()` or at deinit.
  /// Other notice sources (the authorization model's selection changes) use this too.
  public convenience init(onCancel: @escaping @Sendable () -> Void) {
    self.init(onCancel: onCancel, watcher: nil)
  }

  init(onCancel: @escaping @Sendable () -> Void, watcher: FolderWatcher?) {
    self.onCancel = Mutex(onCancel)
    self.watcher = watcher
  }

  /// Stops the notices. Calling it again does nothing.
  public func cancel() {
    let action = onCancel.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
  }

  /// Hands the changes of the observed folder made until now to the handler at once (see
  /// `FolderWatcher.catchUp()`); nothing for other sources.
  func catchUp() { watcher?.catchUp() }

  /// Whether ``cancel()`` has been called.
  public var isCancelled: Bool { onCancel.withLock { $0 == nil } }

  deinit { cancel() }
}
