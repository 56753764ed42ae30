import Foundation

/// Where a folder library's iCloud state is kept: one JSON file beside the library's
/// attributes file (`libraries/library-<hash>-cloud.json`, a ``JSONFileStore``: locked,
/// atomically replaced, each change with a new generation). The library folder itself is
/// never written.
public struct CloudStore: Sendable {
  /// The library folder.
  public let library: String
  /// The JSON file.
  public let store: JSONFileStore<CloudState>
  /// The commits this process announced itself (shared with the attributes store's).
  let announced: AnnouncedStateCommits

  /// The schema of cloud state files.
  public static let schemaVersion = 1

  /// The cloud store beside `attributes`' file.
  public init(besideAttributesOf attributes: LibraryAttributesStore) {
    let file = attributes.store.url
    library = attributes.library.path
    announced = attributes.announced
    let url = file.deletingLastPathComponent()
      .appendingPathComponent(
        file.deletingPathExtension().lastPathComponent + "-cloud.json", isDirectory: false)
    store = JSONFileStore(url: url, schemaVersion: Self.schemaVersion)
  }

  /// The stored state (nothing offloaded, the default network, when nothing was ever set).
  public func load() throws -> CloudState {
    try store.load() ?? CloudState(library: library)
  }

  /// Changes the state under the store's lock (one durable write when it changed). With
  /// `announced`, the caller announces the change to this process's observers itself, and
  /// this process's watchers of the library do not.
  public func update<T>(announced: Bool = false, _ body: (inout CloudState) throws -> T) throws
    -> T
  {
    var written: CloudState?
    let commit = try store.commit { stored in
      var value = stored ?? CloudState(library: library)
      let result = try body(&value)
      stored = value
      written = value
      return result
    }
    if announced, let written {
      self.announced.record(
        file: store.url.path, previousGeneration: commit.previousGeneration,
        generation: commit.generation, value: written)
    }
    return commit.result
  }
}
