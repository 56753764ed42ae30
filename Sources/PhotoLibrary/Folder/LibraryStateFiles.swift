import FileSystem
import Foundation

/// What a folder library keeps outside its folder, in the state folder: its favourites and
/// hidden assets (``LibraryAttributesStore``) and its iCloud state (``CloudStore``), as a
/// watcher of the library last read them. Each ``look()`` tells which assets' flags or iCloud
/// state changed since, by any process, so that the change reaches every observer as a change
/// of those assets (as on a device, where both belong to the photo library).
///
/// Compares what each asset *is* now: a record of an id whose file was replaced marked another
/// asset, so its dropping changes nothing; a commit this process announced itself
/// (``AnnouncedStateCommits``) is skipped. Touched on its watcher's queue only.
final class LibraryStateFiles: @unchecked Sendable {
  let attributes: LibraryAttributesStore
  let cloud: CloudStore
  private let root: String
  /// Each file's `stat` when last read, and its generation and value then.
  private var attributesSeen:
    (version: FileSignature?, value: (generation: UInt64, value: LibraryAttributes)?) = (nil, nil)
  private var cloudSeen:
    (version: FileSignature?, value: (generation: UInt64, value: CloudState)?) = (nil, nil)

  init(attributes: LibraryAttributesStore) {
    self.attributes = attributes
    cloud = CloudStore(besideAttributesOf: attributes)
    root = attributes.library.path
  }

  /// The state folder's files this reads (their folder is watched).
  var files: [String] { [attributes.store.url.path, cloud.store.url.path] }

  /// The folder of ``files``.
  var folder: String { attributes.store.url.deletingLastPathComponent().path }

  /// The ids whose favourite, hidden or iCloud state changed since the last look (none at the
  /// first, which is the baseline), sorted. A file that cannot be read is skipped until it can.
  func look() -> [String] {
    var ids = Set<AssetIDKey>()
    ids.formUnion(
      changes(
        in: attributes.store, seen: &attributesSeen, empty: LibraryAttributes(library: root),
        announced: attributes.announced,
        diff: changedFlags(from:to:)
      ).map(AssetIDKey.init))
    ids.formUnion(
      changes(
        in: cloud.store, seen: &cloudSeen, empty: CloudState(library: root),
        announced: cloud.announced, diff: changedCloud(from:to:)
      ).map(AssetIDKey.init))
    return ids.map(\.id).sorted()
  }

  /// What `diff` says changed between the value of `store` last seen and the one there now,
  /// skipping the commits this process announced itself; nothing the first time. The file is
  /// read only when it was replaced since (`stat`): most looks are of the folder.
  private func changes<Value: Codable & Sendable>(
    in store: JSONFileStore<Value>,
    seen: inout (version: FileSignature?, value: (generation: UInt64, value: Value)?), empty: Value,
    announced: AnnouncedStateCommits, diff: (Value, Value) -> [String]
  ) -> [String] {
    let now = store.version()
    guard now != seen.version || seen.value == nil, let read = try? store.loadWithGeneration()
    else { return [] }
    let last = seen.value
    let value = read.value ?? empty
    seen = (now, (read.generation, value))
    guard let last, last.generation != read.generation else { return [] }
    let base =
      announced.announced(after: last.generation, of: store.url.path, as: Value.self) ?? last
    return base.generation == read.generation ? [] : diff(base.value, value)
  }

  /// The identity of the file at `id` now.
  private func file(_ id: String) -> AssetFileIdentity? {
    FolderLibrary.fileIdentity(of: id, root: root)
  }

  /// The ids whose favourite or hidden flag differs between `old` and `new` for the file at
  /// the id now.
  private func changedFlags(from old: LibraryAttributes, to new: LibraryAttributes) -> [String] {
    let marked = old.favorites.union(old.hidden).union(new.favorites).union(new.hidden)
    return marked.filter { id in
      let before = (old.favorites.contains(id), old.hidden.contains(id), old.files[id])
      let after = (new.favorites.contains(id), new.hidden.contains(id), new.files[id])
      guard before != after else { return false }
      let now = file(id)
      return old.flags(of: id, file: now) != new.flags(of: id, file: now)
    }
  }

  /// The ids in iCloud only in one of `old` and `new` but not the other, for the file at the
  /// id now.
  private func changedCloud(from old: CloudState, to new: CloudState) -> [String] {
    old.offloaded.union(new.offloaded).filter { id in
      guard
        old.offloaded.contains(id) != new.offloaded.contains(id) || old.files[id] != new.files[id]
      else { return false }
      let now = file(id)
      return old.isOffloaded(id, file: now) != new.isOffloaded(id, file: now)
    }
  }
}

extension LibraryAttributes {
  /// The favourite and hidden flags of the asset `id` whose file has the identity `file` now
  /// (nil: unknown): none when the marks were given to another file under the id.
  func flags(of id: String, file: AssetFileIdentity?) -> [Bool] {
    let admitted = files[id].map { recorded in file.map { $0 == recorded } ?? true } ?? true
    return [admitted && favorites.contains(id), admitted && hidden.contains(id)]
  }
}
