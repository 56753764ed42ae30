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
  var imageIDs: Set<String> { Set(items.compactMap { $0.value.isImage ? $0.key : nil }) }

  /// What changed from `old` to this snapshot, for images only.
  func changes(since old: FolderSnapshot) -> LibraryChange {
    let now = imageIDs
    let before = old.imageIDs
    let changed = now.intersection(before).filter {
      items[$0]?.signature != old.items[$0]?.signature
    }
    return LibraryChange(
      kind: .library, inserted: now.subtracting(before).sorted(),
      removed: before.subtracting(now).sorted(), changed: changed.sorted())
  }
}
