import Foundation

/// What iCloud Photos keeps about a library on this device: which assets are "in iCloud only"
/// (Optimize iPhone Storage kept only a small local version of them) and the network the
/// device downloads them over.
///
/// On a device this is the photo library's own state, the same for every app; PhotoGate keeps
/// it per library folder in ``CloudStore``, beside the library's attributes. The folder's files
/// are never touched: an offloaded asset's file stays where it is, and only what PhotoKit hands
/// out changes (see docs/icloud.md). Each offloaded id is kept with its file's identity, as the
/// library's other records are: a new file saved under the name after a delete is another
/// asset, on the device.
public struct CloudState: Sendable, Equatable, Codable {
  /// The library folder this state belongs to (for a reader of the file).
  public var library: String
  /// Ids of the assets whose full version is in iCloud only, compared by their bytes.
  public var offloaded: AssetIDSet
  /// The file identity of each offloaded id; an id without one (a file written by an older
  /// PhotoGate, an asset of a library without files) names whatever file is at its path.
  public var files: AssetFileRecords
  /// The simulated network downloads go over.
  public var network: CloudNetwork

  public init(
    library: String, offloaded: AssetIDSet = [], files: AssetFileRecords = AssetFileRecords(),
    network: CloudNetwork = CloudNetwork()
  ) {
    self.library = library
    self.offloaded = offloaded
    self.files = files
    self.network = network
  }

  /// Whether the asset `id`, whose file has the identity `file` now (nil: unknown), is in
  /// iCloud only: its id is offloaded, and the file offloaded under it is that file.
  public func isOffloaded(_ id: String, file: AssetFileIdentity?) -> Bool {
    guard offloaded.contains(id) else { return false }
    guard let recorded = files[id], let file else { return true }
    return recorded == file
  }

  /// Whether `asset` is in iCloud only (its file is the one offloaded under its id).
  public func isOffloaded(_ asset: Asset) -> Bool {
    isOffloaded(asset.id, file: asset.fileIdentity)
  }

  /// Marks the assets `items` (each id with its file's identity now) as in iCloud only
  /// (`true`) or downloaded (`false`); returns the ids whose state changed, in the order
  /// given. An id offloaded with another file than its own now is not in iCloud: offloading it
  /// records the new file, restoring it only forgets the old record.
  @discardableResult
  public mutating func set(
    offloaded value: Bool, for items: [(id: String, file: AssetFileIdentity?)]
  ) -> [String] {
    var seen = Set<AssetIDKey>()
    var changed: [String] = []
    for (id, file) in items where seen.insert(AssetIDKey(id)).inserted {
      let was = isOffloaded(id, file: file)
      if value {
        offloaded.insert(id)
        files[id] = file
      } else if offloaded.contains(id) {
        offloaded.remove(id)
        files[id] = nil
      }
      if was != value { changed.append(id) }
    }
    return changed
  }

  /// ``set(offloaded:for:)-(_,[(id:String,file:AssetFileIdentity?)])`` for ids without a
  /// file identity (each names whatever file is at its path).
  @discardableResult
  public mutating func set(offloaded value: Bool, for ids: [String]) -> [String] {
    set(offloaded: value, for: ids.map { (id: $0, file: nil) })
  }

  /// Marks every asset as downloaded; returns the ids that were in iCloud only, sorted.
  @discardableResult
  public mutating func restoreAll() -> [String] {
    let ids = offloaded.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    offloaded = []
    files = AssetFileRecords()
    return ids
  }

  /// This state without the ids whose file is not the one offloaded under them (`fileOf`
  /// gives the identity of the file at an id now, nil when unknown): what is in iCloud now.
  public func current(fileOf: (String) -> AssetFileIdentity?) -> CloudState {
    guard !files.isEmpty else { return self }
    var state = self
    for id in offloaded where files[id] != nil && !isOffloaded(id, file: fileOf(id)) {
      state.offloaded.remove(id)
      state.files[id] = nil
    }
    return state
  }

  // The ids are written as a sorted array, so that the file reads the same every time.
  private enum CodingKeys: String, CodingKey {
    case library, offloaded, files, network
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    library = try container.decode(String.self, forKey: .library)
    offloaded = AssetIDSet(try container.decodeIfPresent([String].self, forKey: .offloaded) ?? [])
    files =
      try container.decodeIfPresent(AssetFileRecords.self, forKey: .files) ?? AssetFileRecords()
    files.keep(only: offloaded)
    network = try container.decodeIfPresent(CloudNetwork.self, forKey: .network) ?? CloudNetwork()
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(library, forKey: .library)
    try container.encode(
      offloaded.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, forKey: .offloaded)
    try container.encode(files.restricted(to: offloaded), forKey: .files)
    try container.encode(network, forKey: .network)
  }
}

extension CloudState {
  /// The long side, in pixels, of the small version Optimize iPhone Storage keeps on the
  /// device: what a thumbnail, a grid or a degraded result needs is served from it without the
  /// network; anything larger needs the full version from iCloud.
  public static let localVersionLongSide = 256
}
