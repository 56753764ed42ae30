import FileSystem
import Foundation

extension FolderLibrary {
  /// Where this library's iCloud state is kept (beside its attributes); nil without a state
  /// folder.
  public var cloudStore: CloudStore? { attributesStore.map(CloudStore.init(besideAttributesOf:)) }

  /// The identity of the file at the asset id `id` now (`statx`, links followed); nil when
  /// there is none.
  func fileIdentity(of id: String) -> AssetFileIdentity? {
    Self.fileIdentity(of: id, root: root.path)
  }

  /// The identity of the file at the asset id `id` of the library at `root` now.
  static func fileIdentity(of id: String, root: String) -> AssetFileIdentity? {
    let path = (root as NSString).appendingPathComponent(id)
    return (try? POSIX.status(path, followLinks: true)).map { AssetFileIdentity($0.identity) }
  }

  /// The library's iCloud state now: nothing offloaded when the library keeps none, and no id
  /// whose file is not the one offloaded under it (a new file saved under the name is local).
  public func cloudState() throws -> CloudState {
    guard let store = cloudStore else { return CloudState(library: root.path) }
    return try store.load().current(fileOf: fileIdentity(of:))
  }

  /// Whether the asset `id` is in iCloud only: its id was offloaded, with the file at it now.
  public func isOffloaded(_ id: String) throws -> Bool {
    guard let store = cloudStore else { return false }
    return try store.load().isOffloaded(id, file: fileIdentity(of: id))
  }

  /// Marks `ids` as in iCloud only (`offloaded`) or downloaded, as iCloud Photos does on its
  /// own (the system, not an app: no access check). Every id must name an asset of the library
  /// (compared by bytes), else a ``CloudError`` naming it, and nothing changes. Each is
  /// recorded with its file's identity. Returns the ids whose state changed.
  @discardableResult
  public func setOffloaded(_ offloaded: Bool, for ids: [String]) throws -> [String] {
    try setOffloaded(offloaded, for: ids, announced: false)
  }

  /// ``setOffloaded(_:for:)``; with `announced`, the caller tells this process's observers.
  func setOffloaded(_ offloaded: Bool, for ids: [String], announced: Bool) throws -> [String] {
    guard let store = cloudStore else { throw CloudError.noState }
    let listing = AssetListing(try allAssets())
    let items = try ids.map { id in
      guard let asset = listing.asset(id) else {
        throw CloudError.unknownAsset(id, library: store.library)
      }
      return (id: id, file: asset.fileIdentity)
    }
    return try store.update(announced: announced) { $0.set(offloaded: offloaded, for: items) }
  }

  /// Marks every asset as downloaded; returns the ids that were in iCloud only.
  @discardableResult
  public func restoreAllFromCloud() throws -> [String] {
    try restoreAllFromCloud(announced: false)
  }

  /// ``restoreAllFromCloud()``; with `announced`, the caller tells this process's observers.
  func restoreAllFromCloud(announced: Bool) throws -> [String] {
    guard let store = cloudStore else { return [] }
    return try store.update(announced: announced) { state in
      let current = state.current(fileOf: fileIdentity(of:))
      state.restoreAll()
      return current.offloaded.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
  }

  /// Changes the simulated network.
  public func updateCloudNetwork(_ body: (inout CloudNetwork) -> Void) throws -> CloudNetwork {
    guard let store = cloudStore else { throw CloudError.noState }
    return try store.update { state in
      body(&state.network)
      return state.network
    }
  }
}

extension PhotoLibrarySession {
  /// The library's iCloud store; nil for a library that keeps none (in memory, or a folder
  /// without a state folder).
  public var cloudStore: CloudStore? { (backend as? FolderLibrary)?.cloudStore }

  /// The library's iCloud state (``FolderLibrary/cloudState()``): nothing offloaded when the
  /// library keeps none.
  public func cloudState() throws -> CloudState {
    guard let folder = backend as? FolderLibrary else { return CloudState(library: "") }
    return try folder.cloudState()
  }

  /// ``FolderLibrary/setOffloaded(_:for:)`` for the session's library; observers are told of
  /// the ids whose state changed.
  @discardableResult
  public func setOffloaded(_ offloaded: Bool, for ids: [String]) throws -> [String] {
    guard let folder = backend as? FolderLibrary else { throw CloudError.noState }
    let changed = try folder.setOffloaded(offloaded, for: ids, announced: true)
    if !changed.isEmpty { notify(.assetsChanged(changed)) }
    return changed
  }

  /// Marks every asset as downloaded; returns the ids that were in iCloud only (observers are
  /// told of them).
  @discardableResult
  public func restoreAllFromCloud() throws -> [String] {
    guard let folder = backend as? FolderLibrary else { return [] }
    let changed = try folder.restoreAllFromCloud(announced: true)
    if !changed.isEmpty { notify(.assetsChanged(changed)) }
    return changed
  }

  /// Changes the simulated network.
  public func updateCloudNetwork(_ body: (inout CloudNetwork) -> Void) throws -> CloudNetwork {
    guard let folder = backend as? FolderLibrary else { throw CloudError.noState }
    return try folder.updateCloudNetwork(body)
  }

  /// Whether the asset `id` is in iCloud only (false when the library keeps no iCloud state,
  /// or another file than the one offloaded is at `id` now).
  public func isOffloaded(_ id: String) throws -> Bool {
    guard let folder = backend as? FolderLibrary else { return false }
    return try folder.isOffloaded(id)
  }
}

extension PhotoLibrarySession {
  /// Downloads the full version of the offloaded `asset` over the library's simulated network
  /// with `downloader`, reporting progress to `progress` (false stops it), as iCloud Photos
  /// does when an app allows network access. A finished download makes the asset local (its
  /// observers are told); a failed or stopped one leaves it in iCloud only.
  public func downloadFromCloud(
    _ asset: Asset, with downloader: CloudDownloader, progress: (Double) -> Bool
  ) throws -> CloudDownloader.Outcome {
    let network = try cloudState().network
    let bytes = asset.resources.reduce(0) { sum, resource in
      let size = (try? POSIX.targetInfo(resource.url.path)).map { Int($0.st_size) } ?? 0
      return sum + size
    }
    let outcome = downloader.download(
      id: asset.id, byteCount: bytes, network: network, progress: progress)
    if outcome == .finished { try setOffloaded(false, for: [asset.id]) }
    return outcome
  }
}
