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
  /// Adds `observer`; the first one connects to the phone's engine and store notices (a
  /// Settings change made elsewhere terminates the app, a selection change or a change of the
  /// library folder the app may see reaches the observers).
  func addObserver(_ observer: any PHPhotoLibraryChangeObserver) {
    let connect = state.withLock { state -> Bool in
      state.observers.removeAll { $0.observer == nil || $0.observer === observer }
      state.observers.append(WeakChangeObserver(observer))
      defer { state.connectedToEngine = true }
      return !state.connectedToEngine
    }
    guard connect else { return }
    // Changes made before this registration are part of what the observer started from.
    phone.catchUpWithLibrary()
    do {
      try phone.observeNotices()
    } catch {
      report(error)
    }
  }

  /// What the phone tells the app: the engine's notices (its own changes, the store's, and the
  /// library folder's changes the app may see) reach the change observers, one `PHChange`
  /// each, in order; a change of access made elsewhere terminates the app instead.
  func hear(_ event: DeviceEvent) {
    switch event {
    case .permissionsChanged(let change):
      if change == .authorizationChanged, let reason = session.terminationReason {
        terminate(reason)
        return
      }
      deliver(change)
    case .permissionsUnreadable(let message):
      report(PhotoKitDeviceError(message))
    case .libraryChanged, .assetsModified, .scanProgress:
      // The folder's changes come as the engine's notices, filtered by access.
      break
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
