import Foundation
import PhotoLibrary
import PickerCore

/// The simulated iPhone the gallery runs the app on: the app's `PhotoLibrarySession` (the one
/// permission engine, over the per-app store and the library folder) behind PickerCore's
/// `PermissionClient.live`, plus the permission menu's device operations.
///
/// The device keeps no copy of the permission state: every step (a prompt answered, a
/// Settings choice, the limited picker's Done) is applied by the session to the store, under
/// its lock, so a change made meanwhile by another `photogate` command is never undone. The
/// thumbnails the app's grid shows are filtered by the session's access: what the engine
/// hides the gallery cannot read.
public final class SimulatedDevice {
  /// The app's session: its store, its library, and the device operations. Replaced when
  /// the iOS version changes (a new launch on another system).
  public private(set) var session: PhotoLibrarySession
  /// The library folder's path (for the title and for `pick`'s absolute paths).
  public let libraryPath: String
  /// The last store error, for the notice line (taken once).
  public private(set) var lastError: String?
  /// The library as last scanned (refreshed by ``rescan()``); access is checked per read.
  private var assets: [Asset] {
    didSet { knownIDs = Set(assets.map(\.id)) }
  }
  /// The ids of ``assets``, for telling a listing the picker has and this one lacks.
  private var knownIDs: Set<String> = []
  /// Where change notices go while the device is observed.
  private var post: (@Sendable (GalleryEvent) -> Void)?
  private var storeObservation: LibraryObservation?
  private var observerID: UInt64?

  /// Reads the stored state and the library; throws when either cannot be read (a damaged
  /// state file is reported, never taken as granted).
  public init(session: PhotoLibrarySession, libraryPath: String) throws {
    self.session = session
    self.libraryPath = libraryPath
    _ = try session.state()
    assets = try session.backend.allAssets()
    knownIDs = Set(assets.map(\.id))
  }

  /// The client the picker uses: the session's steps, store errors going to the notice line.
  public var client: PermissionClient {
    .live({ [unowned self] in session }, onError: { [weak self] in self?.lastError = "\($0)" })
  }

  /// What the permission menu shows.
  public var info: DeviceInfo {
    DeviceInfo(
      ios: session.ios, isRestricted: (try? session.state().isRestricted) ?? false,
      bundleID: session.bundleID, libraryPath: libraryPath)
  }

  /// The files of the assets with `ids` that the app may read now (the grid, a pick).
  public func readableFiles(_ ids: [String]) -> [(id: String, url: URL)] {
    refreshIfUnknown(ids)
    do {
      let access = try session.access()
      let wanted = Set(ids)
      let urls = Dictionary(
        access.filter(assets).filter { wanted.contains($0.id) }.map { ($0.id, $0.url) },
        uniquingKeysWith: { first, _ in first })
      return ids.compactMap { id in urls[id].map { (id: id, url: $0) } }
    } catch {
      lastError = "\(error)"
      return []
    }
  }

  /// The files of the assets with `ids` as the system's own UI shows them (the limited
  /// picker, the iOS 17+ prompt's samples): any asset of the library.
  public func systemUIFiles(_ ids: [String]) -> [(id: String, url: URL)] {
    refreshIfUnknown(ids)
    let urls = Dictionary(assets.map { ($0.id, $0.url) }, uniquingKeysWith: { first, _ in first })
    return ids.compactMap { id in urls[id].map { (id: id, url: $0) } }
  }

  /// What the iOS 17+ prompt shows of the library as last scanned (system UI: any asset but
  /// hidden ones).
  public func promptLibrary() -> PromptLibrary { PromptLibrary(assets) }

  /// Performs a permission-menu operation on the device (the app relaunches afterwards).
  public func perform(_ command: DeviceCommand) throws {
    switch command {
    case .privacy(let action, let service): try session.apply(action, to: service)
    case .restrict(let on): try session.setRestricted(on)
    case .resetAll: try session.resetAll()
    case .ios(let version):
      let post = post
      stopObserving()
      session = PhotoLibrarySession(
        bundleID: session.bundleID, ios: version, infoPlist: session.infoPlist,
        backend: session.backend, store: session.store, responder: session.responder)
      if let post { try startObserving(post) }
    }
  }

  /// Starts hearing the app's changes: its own and, through the store, those other processes
  /// make (`photogate select`, `settings`, `privacy` in another terminal). Each reaches `post`
  /// as `.permissionsChanged`, once and in order; a change of access made elsewhere has
  /// terminated the session by then (see ``GalleryApp``).
  public func startObserving(_ post: @escaping @Sendable (GalleryEvent) -> Void) throws {
    stopObserving()
    self.post = post
    observerID = session.register { change in post(.permissionsChanged(change)) }
    storeObservation = try session.observeStoreChanges(onError: { error in
      post(.permissionsUnreadable("\(error)"))
    })
  }

  /// Stops the notices of ``startObserving(_:)``.
  public func stopObserving() {
    storeObservation?.cancel()
    storeObservation = nil
    if let observerID { session.unregister(observerID) }
    observerID = nil
    post = nil
  }

  /// Takes the library's current listing when some of `ids` are not in the one kept: the
  /// picker may have fetched a newer listing (the first scan still running in the background
  /// when the device was made, its change notice not handled yet) and asks for its photos.
  private func refreshIfUnknown(_ ids: [String]) {
    guard !ids.isEmpty else { return }
    if ids.contains(where: { !knownIDs.contains($0) }) { rescan() }
  }

  /// Scans the library again after a change notice.
  public func rescan() {
    do {
      assets = try session.backend.allAssets()
    } catch {
      lastError = "\(error)"
    }
  }

  /// Returns the last error and forgets it.
  public func takeError() -> String? {
    defer { lastError = nil }
    return lastError
  }
}
