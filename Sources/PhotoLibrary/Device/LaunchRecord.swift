import Foundation

/// What one launch of the app keeps beside the stored state, forgotten at the next launch:
/// the albums it created without assets, the identifiers of the placeholders it was handed,
/// and whether iOS has terminated it.
///
/// An album created without assets exists for this launch only (a folder album exists once it
/// holds an asset); a placeholder's identifier (`placeholderForCreatedAsset`, iOS) names the
/// asset or album it became. Owned by a ``SimulatedPhone``, one per launch.
///
/// Thread-safe; Sendable by hand (`@unchecked`): every mutable property is touched only under
/// `lock`.
public final class LaunchRecord: @unchecked Sendable {
  private let lock = NSLock()
  private var emptyAlbumTitles: [String] = []
  /// Placeholder identifier → what it became (keys compared by their bytes).
  private var placeholders: [AssetIDKey: String] = [:]
  private var isTerminated = false

  public init() {}

  /// The albums created without assets in this launch, in the order they were created.
  public var emptyAlbums: [String] { lock.withLock { emptyAlbumTitles } }

  /// Records an album created in this launch: `placeholder` names it from now on, and one
  /// created without assets (`empty`) is listed until the launch ends or it is deleted.
  public func recordCreatedAlbum(_ title: String, placeholder: String, empty: Bool) {
    lock.withLock {
      placeholders[AssetIDKey(placeholder)] = title
      let key = AssetIDKey(title)
      if empty && !emptyAlbumTitles.contains(where: { AssetIDKey($0) == key }) {
        emptyAlbumTitles.append(title)
      }
    }
  }

  /// Forgets the albums among `titles` that were created empty in this launch (deleted).
  public func forgetEmptyAlbums(_ titles: [String]) {
    let gone = AssetIDSet(titles)
    lock.withLock { emptyAlbumTitles.removeAll(where: gone.contains) }
  }

  /// Records that the placeholder `placeholder` became the asset with id `id`.
  public func recordCreatedAsset(_ id: String, placeholder: String) {
    lock.withLock { placeholders[AssetIDKey(placeholder)] = id }
  }

  /// `identifiers` with every placeholder's identifier replaced by what it became.
  public func resolve(_ identifiers: [String]) -> [String] {
    let map = lock.withLock { placeholders }
    return identifiers.map { map[AssetIDKey($0)] ?? $0 }
  }

  /// Marks the launch terminated; true only the first time (iOS ends a process once).
  public func terminate() -> Bool {
    lock.withLock {
      defer { isTerminated = true }
      return !isTerminated
    }
  }

  /// Whether iOS has terminated this launch.
  public var terminated: Bool { lock.withLock { isTerminated } }
}
