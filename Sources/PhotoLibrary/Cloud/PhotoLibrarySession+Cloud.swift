import FileSystem
import Foundation

extension FolderLibrary {
  /// Where this library's iCloud state is kept (beside its attributes); nil without a state
  /// folder.
  public var cloudStore: CloudStore? { attributesStore.map(CloudStore.init(besideAttributesOf:)) }

  /// Marks `ids` as in iCloud only (`offloaded`) or downloaded, as iCloud Photos does on its
  /// own (the system, not an app: no access check). Every id must name an asset of the library
  /// (compared by bytes), else a ``CloudError`` naming it, and nothing changes. Returns the ids
  /// whose state changed.
  @discardableResult
  public func setOffloaded(_ offloaded: Bool, for ids: [String]) throws -> [String] {
    guard let store = cloudStore else { throw CloudError.noState }
    let known = AssetIDSet(try allAssets().map(\.id))
    if let unknown = ids.first(where: { !known.contains($0) }) {
      throw CloudError.unknownAsset(unknown, library: store.library)
    }
    return try store.update { $0.set(offloaded: offloaded, for: ids) }
  }

  /// Marks every asset as downloaded; returns the ids that were in iCloud only.
  @discardableResult
  public func restoreAllFromCloud() throws -> [String] {
    guard let store = cloudStore else { return [] }
    return try store.update { $0.restoreAll() }
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

  /// The library's iCloud state: nothing offloaded when the library keeps none.
  public func cloudState() throws -> CloudState {
    guard let store = cloudStore else {
      return CloudState(library: (backend as? FolderLibrary)?.root.path ?? "")
    }
    return try store.load()
  }

  /// ``FolderLibrary/setOffloaded(_:for:)`` for the session's library; observers are told of
  /// the ids whose state changed.
  @discardableResult
  public func setOffloaded(_ offloaded: Bool, for ids: [String]) throws -> [String] {
    guard let folder = backend as? FolderLibrary else { throw CloudError.noState }
    let changed = try folder.setOffloaded(offloaded, for: ids)
    if !changed.isEmpty { notify(.assetsChanged(changed)) }
    return changed
  }

  /// Marks every asset as downloaded; returns the ids that were in iCloud only (observers are
  /// told of them).
  @discardableResult
  public func restoreAllFromCloud() throws -> [String] {
    guard let folder = backend as? FolderLibrary else { return [] }
    let changed = try folder.restoreAllFromCloud()
    if !changed.isEmpty { notify(.assetsChanged(changed)) }
    return changed
  }

  /// Changes the simulated network.
  public func updateCloudNetwork(_ body: (inout CloudNetwork) -> Void) throws -> CloudNetwork {
    guard let folder = backend as? FolderLibrary else { throw CloudError.noState }
    return try folder.updateCloudNetwork(body)
  }

  /// Whether the readable asset `id` is in iCloud only (false when the library keeps no iCloud
  /// state).
  public func isOffloaded(_ id: String) throws -> Bool {
    try cloudState().isOffloaded(id)
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
