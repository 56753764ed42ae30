import FileSystem
import ImageDecoding

/// Which files of the library were images, and their `stat` signatures, at one moment.
///
/// The watcher compares two snapshots to tell inserted, removed and changed assets. Only files
/// that are new or whose signature changed are sniffed again; the first snapshot takes what the
/// library index knows (and reads, and records, only the files it does not).
struct FolderSnapshot: Sendable {
  struct Item: Sendable, Equatable {
    var signature: FileSignature
    var isImage: Bool
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
      if let old = previous.items[entry.id], old.signature == entry.signature {
        snapshot.items[entry.id] = old
      } else {
        let isImage = ImageSniffer.sniff(entry.path).isImage
        snapshot.items[entry.id] = Item(signature: entry.signature, isImage: isImage)
      }
    }
    return snapshot
  }

  /// The image ids.
  var imageIDs: Set<String> { imageIDs { _ in true } }

  /// The image ids `included` says yes to.
  func imageIDs(where included: (String) -> Bool) -> Set<String> {
    var ids = Set<String>()
    for (id, item) in items where item.isImage && included(id) { ids.insert(id) }
    return ids
  }

  /// What changed from `old` to this snapshot, for images only (in `regions` only, when
  /// only they were looked at again).
  func changes(since old: FolderSnapshot, in regions: [LibraryRegion]? = nil) -> LibraryChange {
    let inRegions = { (id: String) in regions?.contains { $0.contains(id) } ?? true }
    let now = imageIDs(where: inRegions)
    let before = old.imageIDs(where: inRegions)
    let changed = now.intersection(before).filter {
      items[$0]?.signature != old.items[$0]?.signature
    }
    return LibraryChange(
      kind: .library, inserted: now.subtracting(before).sorted(),
      removed: before.subtracting(now).sorted(), changed: changed.sorted())
  }
}
