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

  /// The schema of cloud state files.
  public static let schemaVersion = 1

  /// The cloud store beside `attributes`' file.
  public init(besideAttributesOf attributes: LibraryAttributesStore) {
    let file = attributes.store.url
    library = attributes.library.path
    let url = file.deletingLastPathComponent()
      .appendingPathComponent(
        file.deletingPathExtension().lastPathComponent + "-cloud.json", isDirectory: false)
    store = JSONFileStore(url: url, schemaVersion: Self.schemaVersion)
  }

  /// The stored state (nothing offloaded, the default network, when nothing was ever set).
  public func load() throws -> CloudState {
    try store.load() ?? CloudState(library: library)
  }

  /// Changes the state under the store's lock (one durable write when it changed).
  public func update<T>(_ body: (inout CloudState) throws -> T) throws -> T {
    try store.update { stored in
      var value = stored ?? CloudState(library: library)
      let result = try body(&value)
      stored = value
      return result
    }
  }
}
