import FileSystem
import ImageDecoding

/// Which files of the library were images, and their `stat` signatures, at one moment.
///
/// The watcher compares two snapshots to tell inserted, removed and changed assets. Only files
/// that are new or whose signature changed are sniffed again; the first snapshot takes what the
/// library index knows (and reads, and records, only the files it does not).
struct FolderSnapshot: Sendable {
  /// One file: whether it is an image, and a 63-bit digest of its signature (8 bytes where
  /// the signature takes 56: at 100,000 files the snapshot is a fifth of the memory it was).
  /// The digest (`Hasher`'s) differs from one process to the next; the snapshot lives in one.
  struct Item: Sendable, Equatable {
    private var bits: UInt64

    init(signature: FileSignature, isImage: Bool) {
      bits = UInt64(bitPattern: Int64(signature.hashValue)) << 1 | (isImage ? 1 : 0)
    }

    var isImage: Bool { bits & 1 == 1 }

    /// Whether the file had `signature` (the same size, times and inode).
    func has(_ signature: FileSignature) -> Bool {
      Item(signature: signature, isImage: isImage) == self
    }

    /// Whether the two are the same file, unchanged.
    func hasSameSignature(as other: Item) -> Bool { bits >> 1 == other.bits >> 1 }
  }

  var items: [String: Item] = [:]
  /// Whether the walk met a symbolic link: then a change can show up in a folder other than
  /// the one it was made in, and only a look at the whole library sees it.
  var followsLinks = false

  /// Walks the library, reusing `previous` for files whose signature did not change, or the
  /// index at `index` when there is no previous snapshot.
  static func take(
    _ walker: FolderWalker, previous: FolderSnapshot, index: LibraryIndexLocation = .none,
    willList: (String) -> Void
  ) -> FolderSnapshot {
    var snapshot = FolderSnapshot()
    let files = walker.walk(willList: willList).files
    if previous.items.isEmpty, index != .none {
      let (isImage, _) = LibraryIndex.facts(
        for: files, root: walker.root.path, location: index, read: { FileFacts.read($0.path) }
      ) { _, facts in facts.isImage }
      for (entry, isImage) in zip(files, isImage) {
        snapshot.items[entry.id] = Item(signature: entry.signature, isImage: isImage)
      }
      return snapshot
    }
    for entry in files {
      if let old = previous.items[entry.id], old.has(entry.signature) {
        snapshot.items[entry.id] = old
      } else {
        let isImage = ImageSniffer.sniff(entry.path).isImage
        snapshot.items[entry.id] = Item(signature: entry.signature, isImage: isImage)
      }
    }
    return snapshot
  }

  /// The image ids.
  var imageIDs: Set<String> {
    var ids = Set<String>()
    for (id, item) in items where item.isImage { ids.insert(id) }
    return ids
  }

  /// What changed from `old` to this snapshot, for images only.
  func changes(since old: FolderSnapshot) -> LibraryChange {
    let now = imageIDs
    let before = old.imageIDs
    let changed = now.intersection(before).filter {
      guard let new = items[$0], let before = old.items[$0] else { return false }
      return !new.hasSameSignature(as: before)
    }
    return LibraryChange(
      kind: .library, inserted: now.subtracting(before).sorted(),
      removed: before.subtracting(now).sorted(), changed: changed.sorted())
  }

  /// Replaces the items in `regions` with `fresh` (a look at those regions only), in place,
  /// and returns what changed among their images.
  mutating func replace(in regions: [LibraryRegion], with fresh: FolderSnapshot) -> LibraryChange {
    var before: [String: Item] = [:]
    for (id, item) in items where regions.contains(where: { $0.contains(id) }) {
      before[id] = item
    }
    for id in before.keys { items.removeValue(forKey: id) }
    items.merge(fresh.items) { _, new in new }
    followsLinks = followsLinks || fresh.followsLinks
    var old = FolderSnapshot()
    old.items = before
    return fresh.changes(since: old)
  }
}
