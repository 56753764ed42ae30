import Foundation
import PhotoLibrary

/// Hears that the library became unavailable. Mirrors `PHPhotoLibraryAvailabilityObserver`.
public protocol PHPhotoLibraryAvailabilityObserver: AnyObject {
  /// Called on a background queue when the library folder can no longer be opened.
  func photoLibraryDidBecomeUnavailable(_ photoLibrary: PHPhotoLibrary)
}

/// Availability (iOS 13+): the library is unavailable when its folder cannot be opened.
extension PHPhotoLibrary {
  /// Why the library cannot be used now, or nil when it can: a folder library whose folder
  /// is missing or not a folder gives an error naming it. Mirrors `unavailabilityReason`.
  public var unavailabilityReason: (any Error)? {
    guard let folder = device.session.backend as? FolderLibrary else { return nil }
    if FileContents.isFolder(folder.root) { return nil }
    return PHPhotosError(.invalid, "the library folder \(folder.root.path) cannot be opened")
  }

  /// Registers `observer` (held weakly) to hear when the library becomes unavailable; it is
  /// told once per change from available to unavailable, seen at the next library change.
  public func register(_ observer: any PHPhotoLibraryAvailabilityObserver) {
    let device = device
    let connect = Self.availability.withLock { state -> Bool in
      state.observers.removeAll { $0.observer == nil || $0.observer === observer }
      state.observers.append(WeakAvailabilityObserver(observer: observer))
      state.devices.removeAll { $0.device == nil }
      guard !state.devices.contains(where: { $0.device === device }) else { return false }
      state.devices.append(ConnectedDevice(device: device))
      return true
    }
    guard connect else { return }
    // The device's phone observes the library folder and tells the session each change the
    // app may see: no watcher of its own (which would tell every change observer twice).
    device.session.register { [weak self, weak device] _ in
      guard let self, let device else { return }
      checkAvailability(of: device)
    }
  }

  /// Unregisters `observer`.
  public func unregisterAvailabilityObserver(_ observer: any PHPhotoLibraryAvailabilityObserver) {
    Self.availability.withLock { state in
      state.observers.removeAll { $0.observer == nil || $0.observer === observer }
    }
  }

  /// Tells the observers when the library of `device` just became unavailable.
  func checkAvailability(of device: PhotoKitDevice) {
    let unavailable = device === PhotoKitDevice.current && unavailabilityReason != nil
    let observers = Self.availability.withLock {
      state -> [any PHPhotoLibraryAvailabilityObserver] in
      guard let index = state.devices.firstIndex(where: { $0.device === device }) else {
        return []
      }
      let was = state.devices[index].wasUnavailable
      state.devices[index].wasUnavailable = unavailable
      guard unavailable && !was else { return [] }
      return state.observers.compactMap(\.observer)
    }
    for observer in observers { observer.photoLibraryDidBecomeUnavailable(self) }
  }

  private static let availability = LockedBox(AvailabilityState())
}

/// The availability observers and what they were last told.
struct AvailabilityState {
  var observers: [WeakAvailabilityObserver] = []
  /// The devices whose engine notices reach `checkAvailability`.
  var devices: [ConnectedDevice] = []
}

/// An availability observer held weakly, as PhotoKit holds it.
struct WeakAvailabilityObserver {
  weak var observer: (any PHPhotoLibraryAvailabilityObserver)?
}

/// A device whose library changes are checked for availability, held weakly.
struct ConnectedDevice {
  weak var device: PhotoKitDevice?
  /// Whether its library was unavailable when last checked.
  var wasUnavailable = false
}
