import Foundation

/// What iCloud Photos keeps about a library on this device: which assets are "in iCloud only"
/// (Optimize iPhone Storage kept only a small local version of them) and the network the
/// device downloads them over.
///
/// On a device this is the photo library's own state, the same for every app; PhotoGate keeps
/// it per library folder in ``CloudStore``, beside the library's attributes. The folder's files
/// are never touched: an offloaded asset's file stays where it is, and only what PhotoKit hands
/// out changes (see docs/icloud.md).
public struct CloudState: Sendable, Equatable, Codable {
  /// The library folder this state belongs to (for a reader of the file).
  public var library: String
  /// Ids of the assets whose full version is in iCloud only, compared by their bytes.
  public var offloaded: AssetIDSet
  /// The simulated network downloads go over.
  public var network: CloudNetwork

  public init(library: String, offloaded: AssetIDSet = [], network: CloudNetwork = CloudNetwork()) {
    self.library = library
    self.offloaded = offloaded
    self.network = network
  }

  /// Whether the asset `id`'s full version is in iCloud only.
  public func isOffloaded(_ id: String) -> Bool { offloaded.contains(id) }

  /// Marks `ids` as in iCloud only (`true`) or downloaded (`false`); returns the ids whose
  /// state changed, in the order given.
  @discardableResult
  public mutating func set(offloaded value: Bool, for ids: [String]) -> [String] {
    var seen = Set<AssetIDKey>()
    var changed: [String] = []
    for id in ids where offloaded.contains(id) != value && seen.insert(AssetIDKey(id)).inserted {
      changed.append(id)
    }
    guard !changed.isEmpty else { return [] }
    if value {
      offloaded = AssetIDSet(Array(offloaded) + changed)
    } else {
      let removed = AssetIDSet(changed)
      offloaded = AssetIDSet(offloaded.filter { !removed.contains($0) })
    }
    return changed
  }

  /// Marks every asset as downloaded; returns the ids that were in iCloud only, sorted.
  @discardableResult
  public mutating func restoreAll() -> [String] {
    let ids = offloaded.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    offloaded = []
    return ids
  }

  // The ids are written as a sorted array, so that the file reads the same every time.
  private enum CodingKeys: String, CodingKey {
    case library, offloaded, network
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    library = try container.decode(String.self, forKey: .library)
    offloaded = AssetIDSet(try container.decodeIfPresent([String].self, forKey: .offloaded) ?? [])
    network = try container.decodeIfPresent(CloudNetwork.self, forKey: .network) ?? CloudNetwork()
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(library, forKey: .library)
    try container.encode(
      offloaded.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, forKey: .offloaded)
    try container.encode(network, forKey: .network)
  }
}

extension CloudState {
  /// The long side, in pixels, of the small version Optimize iPhone Storage keeps on the
  /// device: what a thumbnail, a grid or a degraded result needs is served from it without the
  /// network; anything larger needs the full version from iCloud.
  public static let localVersionLongSide = 256
}
