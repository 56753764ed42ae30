import Foundation

/// Where a library's favourites and hidden assets are kept: one JSON file per library folder
/// in the `libraries` folder beside the apps' state files, named after a hash of the folder's
/// path (`JSONFileStore`: locked, atomically replaced).
public struct LibraryAttributesStore: Sendable {
  /// The library folder.
  public let library: URL
  /// The JSON file.
  public let store: JSONFileStore<LibraryAttributes>
  /// The commits to this file and to the iCloud state beside it that this process announced
  /// itself (shared by every copy of this store).
  public let announced = AnnouncedStateCommits()

  /// The schema of attribute files.
  public static let schemaVersion = 1

  /// The store of `library`'s attributes under `stateDirectory`.
  public init(library: URL, stateDirectory: URL) {
    self.library = library.standardizedFileURL
    let path = self.library.path
    let name = "library-" + Self.hexHash(path) + ".json"
    let url = stateDirectory.appendingPathComponent("libraries", isDirectory: true)
      .appendingPathComponent(name, isDirectory: false)
    store = JSONFileStore(url: url, schemaVersion: Self.schemaVersion)
  }

  /// The stored attributes (none when nothing was ever set).
  public func load() throws -> LibraryAttributes {
    try store.load() ?? LibraryAttributes(library: library.path)
  }

  /// Changes the attributes under the store's lock.
  public func update<T>(_ body: (inout LibraryAttributes) throws -> T) throws -> T {
    try store.update { stored in
      var value = stored ?? LibraryAttributes(library: library.path)
      let result = try body(&value)
      stored = value
      return result
    }
  }

  /// ``update(_:)`` whose change this process announces to its own observers itself: a
  /// watcher of the library in this process does not announce it again.
  public func updateAnnounced<T>(_ body: (inout LibraryAttributes) throws -> T) throws -> T {
    var written: LibraryAttributes?
    let commit = try store.commit { stored in
      var value = stored ?? LibraryAttributes(library: library.path)
      let result = try body(&value)
      stored = value
      written = value
      return result
    }
    if let written {
      announced.record(
        file: store.url.path, previousGeneration: commit.previousGeneration,
        generation: commit.generation, value: written)
    }
    return commit.result
  }

  /// 64-bit FNV-1a of the path's bytes, as 16 hex digits: stable across runs and machines.
  static func hexHash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
