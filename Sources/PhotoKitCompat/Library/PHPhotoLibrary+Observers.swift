import Foundation
import PhotoLibrary

/// Change observers (`register(_:)` / `unregisterChangeObserver(_:)`).
extension PHPhotoLibrary {
  /// Registers `observer` for changes; it is held weakly and called on a background queue.
  public func register(_ observer: any PHPhotoLibraryChangeObserver) {
    device.addObserver(observer)
  }

  /// Unregisters `observer`.
  public func unregisterChangeObserver(_ observer: any PHPhotoLibraryChangeObserver) {
    device.state.withLock { state in
      state.observers.removeAll { $0.observer == nil || $0.observer === observer }
    }
  }
}

extension PhotoKitDevice {
  /// Adds `observer`; the first one connects to the engine's notices, starts hearing the
  /// changes other processes commit to the app's stored state (a Settings change made
  /// elsewhere terminates the app, a selection change reaches the observers) and, for a
  /// folder library, starts watching the folder.
  func addObserver(_ observer: any PHPhotoLibraryChangeObserver) {
    let connect = state.withLock { state -> Bool in
      state.observers.removeAll { $0.observer == nil || $0.observer === observer }
      state.observers.append(WeakChangeObserver(observer))
      defer { state.connectedToEngine = true }
      return !state.connectedToEngine
    }
    guard connect else { return }
    session.register { [weak self] change in
      guard let self else { return }
      if change == .authorizationChanged, let reason = session.terminationReason {
        terminate(reason)
        return
      }
      deliver(change)
    }
    let watcher = session.observeLibraryChanges()
    let storeWatcher: LibraryObservation?
    do {
      storeWatcher = try session.observeStoreChanges(onError: { [weak self] in self?.report($0) })
    } catch {
      report(error)
      storeWatcher = nil
    }
    state.withLock {
      $0.watcher = watcher
      $0.storeWatcher = storeWatcher
    }
  }

  /// Calls every live observer with `change` (on the engine's serial observer queue).
  func deliver(_ change: PhotoLibraryChange) {
    let observers = state.withLock { state in
      state.observers.removeAll { $0.observer == nil }
      return state.observers.compactMap(\.observer)
    }
    guard !observers.isEmpty else { return }
    let instance = PHChange(change)
    for observer in observers {
      observer.photoLibraryDidChange(instance)
    }
  }
}
