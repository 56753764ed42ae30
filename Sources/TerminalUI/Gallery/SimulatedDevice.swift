import Foundation
import PhotoLibrary
import PickerCore

/// The simulated iPhone the gallery runs the app on: PickerCore's `PermissionSimulator` (the
/// real permission model in memory) kept in step with the per-app store, so that
/// `photogate status` afterwards shows what the gallery changed, and the permission menu's
/// device operations performed by `PhotoLibrarySession`.
///
/// Every change the simulated app makes (a prompt answered, a Settings choice, the limited
/// picker's Done) is written to the store at once; every launch reads the store again, so a
/// change made meanwhile by another `photogate` command is seen at the next relaunch. The
/// menu's operations (`privacy`, `restrict`, reset) go through the session, exactly as the
/// commands of the same names do.
public final class SimulatedDevice {
  /// The model the picker talks to.
  public let simulator: PermissionSimulator
  /// The app's session: its store, its library, and the device operations.
  public let session: PhotoLibrarySession
  /// The library folder's path (for the title and for `pick`'s absolute paths).
  public let libraryPath: String
  /// The last store error, for the notice line (taken once).
  public private(set) var lastError: String?

  private var isReloading = false

  /// Reads the stored state and the library; throws when either cannot be read (a damaged
  /// state file is reported, never taken as granted).
  public init(session: PhotoLibrarySession, libraryPath: String) throws {
    self.session = session
    self.libraryPath = libraryPath
    simulator = PermissionSimulator(
      authorization: try session.state(), infoPlist: session.infoPlist, ios: session.ios,
      bundleID: session.bundleID, assets: try session.backend.allAssets())
    simulator.onChange = { [weak self] state in self?.persist(state) }
  }

  /// The client the picker uses: the simulator's, with every launch re-reading the store.
  public var client: PermissionClient {
    var client = PermissionClient.simulated(simulator)
    let simulator = simulator
    client.launch = { [weak self] in
      self?.reload()
      return simulator.launch()
    }
    return client
  }

  /// What the permission menu shows.
  public var info: DeviceInfo {
    DeviceInfo(
      ios: simulator.ios, isRestricted: simulator.authorization.isRestricted,
      bundleID: simulator.bundleID, libraryPath: libraryPath)
  }

  /// The file of every asset in the library, by id.
  public func url(of id: String) -> URL? {
    simulator.assets.first { $0.id == id }?.url
  }

  /// Performs a permission-menu operation on the device (the app relaunches afterwards).
  public func perform(_ command: DeviceCommand) throws {
    switch command {
    case .privacy(let action, let service): try session.apply(action, to: service)
    case .restrict(let on): try session.setRestricted(on)
    case .resetAll: try session.resetAll()
    case .ios(let version): simulator.ios = version
    }
  }

  /// Scans the library again after a change notice.
  public func rescan() {
    do {
      simulator.assets = try session.backend.allAssets()
    } catch {
      lastError = "\(error)"
    }
  }

  /// Returns the last error and forgets it.
  public func takeError() -> String? {
    defer { lastError = nil }
    return lastError
  }

  /// The stored state, read again (a fresh launch).
  private func reload() {
    do {
      let state = try session.state()
      isReloading = true
      simulator.authorization = state
      isReloading = false
    } catch {
      lastError = "\(error)"
    }
  }

  /// Writes the simulator's state to the store, atomically, under the store's lock.
  private func persist(_ state: AuthorizationState) {
    guard !isReloading else { return }
    do {
      try session.store.update(bundleID: session.bundleID) { $0 = state }
    } catch {
      lastError = "\(error)"
    }
  }
}
