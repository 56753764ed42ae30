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
    fileprivate var bits: UInt64

    init(signature: FileSignature, isImage: Bool) {
      bits = UInt64(bitPattern: Int64(signature.hashValue)) << 1 | (isImage ? 1 : 0)
    }

    fileprivate init(bits: UInt64) { self.bits = bits }

    var isImage: Bool { bits & 1 == 1 }

    /// Whether the file had `signature` (the same size, times and inode).
    func has(_ signature: FileSignature) -> Bool {
      Item(signature: signature, isImage: isImage) == self
    }

    /// Whether the two are the same file, unchanged.
    func hasSameSignature(as other: Item) -> Bool { bits >> 1 == other.bits >> 1 }
  }

  /// Each folder's files (the folder relative to the root, "" for the root) by name: a look
  /// at one folder replaces that folder's entry without reading a million others.
  private(set) var folders: [String: FolderFiles] = [:]

  /// The file `id`'s item.
  subscript(id: String) -> Item? {
    get {
      let (folder, name) = Self.split(id)
      return folders[folder]?[name]
    }
    set {
      let (folder, name) = Self.split(id)
      if let newValue {
        folders[folder, default: FolderFiles()][name] = newValue
      } else if folders[folder]?[name] != nil {
        folders[folder]?[name] = nil
        if folders[folder]?.isEmpty == true { folders[folder] = nil }
      }
    }
  }

  /// Whether no file is recorded.
  var isEmpty: Bool { folders.isEmpty }

  /// The folder and the name of the file `id` (split at its last slash; bytes, not characters).
  static func split(_ id: String) -> (folder: String, name: String) {
    let bytes = id.utf8
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return ("", id) }
    return (String(id[..<slash]), String(id[bytes.index(after: slash)...]))
  }

  /// The id of the file `name` in `folder`.
  static func id(_ folder: String, _ name: String) -> String {
    folder.isEmpty ? name : folder + "/" + name
  }

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
    snapshot.spillFile = previous.spillFile ?? spillFile(beside: index)
    let files = walker.walk(willList: willList).files
    if previous.isEmpty, index != .none {
      let (isImage, _) = LibraryIndex.facts(
        for: files, root: walker.root.path, location: index, read: { FileFacts.read($0.path) }
      ) { _, facts in facts.isImage }
      for (entry, isImage) in zip(files, isImage) {
        snapshot[entry.id] = Item(signature: entry.signature, isImage: isImage)
      }
      snapshot.compact()
      return snapshot
    }
    // The previous folder of the last file, read once for all of its files (it may be spilled).
    var folder: (name: String, files: FolderFiles)?
    for entry in files {
      let (folderName, name) = split(entry.id)
      if folder?.name != folderName {
        folder = (folderName, previous.folders[folderName]?.loaded() ?? FolderFiles())
      }
      if let old = folder?.files[name], old.has(entry.signature) {
        snapshot[entry.id] = old
      } else {
        let isImage = ImageSniffer.sniff(entry.path).isImage
        snapshot[entry.id] = Item(signature: entry.signature, isImage: isImage)
      }
    }
    snapshot.compact()
    return snapshot
  }

  /// Gives each folder's lists exactly the room their files take (they grew by doubling as the
  /// walk added files), and writes those of ``spillThreshold`` files or more to ``spillFile``
  /// when there is one: what a baseline keeps for the whole observation.
  mutating func compact() {
    for folder in folders.keys { compact(folder: folder) }
  }

  /// ``compact()`` for `folder` only: a walk that has moved on from it compacts it at once.
  mutating func compact(folder: String) {
    folders[folder]?.compact()
    if let spillFile, let files = folders[folder], files.count >= Self.spillThreshold {
      folders[folder]?.spill(to: spillFile)
    }
  }

  /// Where compacted folders are kept (see ``FolderFiles/spill(to:)``); nil: in memory. A
  /// watcher's baseline of a library with an index spills into a file beside the index.
  var spillFile: SpillFile?

  /// The fewest files a folder has to be spilled: a smaller one takes less memory than the
  /// read that loads it.
  static let spillThreshold = 64

  /// A spill file in the folder of the index at `location`, nil when there is no index (or
  /// no file can be made there).
  static func spillFile(beside location: LibraryIndexLocation) -> SpillFile? {
    guard let folder = location.folder() else { return nil }
    try? POSIX.makeDirectories(folder.path, mode: 0o700)
    return SpillFile.make(in: folder.path)
  }

  /// The image ids.
  var imageIDs: Set<String> {
    var ids = Set<String>()
    for (folder, files) in folders {
      for (name, item) in files.loaded() where item.isImage { ids.insert(Self.id(folder, name)) }
    }
    return ids
  }

  /// What changed from `old` to this snapshot, for images only.
  func changes(since old: FolderSnapshot) -> LibraryChange {
    var inserted: [String] = []
    var removed: [String] = []
    var changed: [String] = []
    for (folder, files) in folders {
      if let was = old.folders[folder], files.isSameSpill(as: was) { continue }
      // Both lists in name order, walked side by side.
      files.compare(with: old.folders[folder] ?? FolderFiles()) { name, now, was in
        let isImage = now?.isImage == true
        let wasImage = was?.isImage == true
        if isImage, wasImage, let now, let was {
          if !now.hasSameSignature(as: was) { changed.append(Self.id(folder, name)) }
        } else if isImage {
          inserted.append(Self.id(folder, name))
        } else if wasImage {
          removed.append(Self.id(folder, name))
        }
      }
    }
    for (folder, files) in old.folders where folders[folder] == nil {
      for (name, item) in files.loaded() where item.isImage {
        removed.append(Self.id(folder, name))
      }
    }
    return LibraryChange(
      kind: .library, inserted: inserted.sorted(), removed: removed.sorted(),
      changed: changed.sorted())
  }

  /// Replaces the items in `regions` with `fresh` (a look at those regions only), in place,
  /// and returns what changed among their images. Only the folders' entries are visited, not
  /// every file of the library.
  mutating func replace(in regions: [LibraryRegion], with fresh: FolderSnapshot) -> LibraryChange {
    var old = FolderSnapshot()
    for folder in folders.keys where regions.contains(where: { $0.holds(folder: folder) }) {
      old.folders[folder] = folders[folder]
    }
    for folder in old.folders.keys { folders[folder] = nil }
    // A region's own path, when a file was there (it is in its parent folder's entry).
    for region in regions where !region.folder.isEmpty {
      if let item = self[region.folder] {
        old[region.folder] = item
        self[region.folder] = nil
      }
    }
    for (folder, files) in fresh.folders {
      folders[folder, default: FolderFiles()].merge(files)
    }
    // A region's parent folder, unpacked above to forget the region's path, is packed again.
    compact()
    followsLinks = followsLinks || fresh.followsLinks
    return fresh.changes(since: old)
  }
}

extension FolderSnapshot {
  /// One folder's files: their names in the order of their UTF-8 bytes (names that are equal
  /// Swift strings, "é" precomposed and decomposed, are two files) and each one's item, in two
  /// lists of exactly their size. Once compacted the names are front-coded (``PackedNames``):
  /// about 18 bytes a file for a camera's names, where a list of strings took 24 and a
  /// dictionary by name about 40.
  struct FolderFiles: Sendable, Equatable, Sequence {
    /// The names set since the folder was last compacted (none while it is packed).
    private var names: [String] = []
    /// The names, front-coded, once compacted (nil while names are being set).
    private var packed: PackedNames?
    private(set) var items: [Item] = []
    /// Whether the names are in name order. A file set out of order is appended (a walk lists
    /// a folder in the order of Swift's `<`, which differs from the bytes' for decomposed
    /// names: inserting each in place moved every name after it, a million times over in a
    /// large folder of such names); ``compact()`` sorts them once.
    private var isOrdered = true
    /// The packed names and the items once written to a ``SpillFile`` (see
    /// ``spill(to:)``): none of the lists above is then held, and each read loads them.
    private var spilled: SpilledRegion?
    /// How many files a spilled folder has.
    private var spilledCount = 0

    var isEmpty: Bool { spilled == nil ? items.isEmpty : spilledCount == 0 }
    /// How many files it has.
    var count: Int { spilled == nil ? items.count : spilledCount }
    /// Whether it is kept in a spill file rather than in memory.
    var isSpilled: Bool { spilled != nil }

    /// Whether both are the same spilled folder (then they are equal, unread).
    func isSameSpill(as other: FolderFiles) -> Bool {
      spilled != nil && spilled === other.spilled
    }

    /// The item of the file `name`: found by halving, or, while files set out of order are
    /// not yet sorted, the last one set under its name. Set in place, or appended (a packed
    /// folder is unpacked first; ``compact()`` packs it again).
    subscript(name: String) -> Item? {
      get {
        if spilled != nil { return loaded()[name] }
        if let packed { return packed.position(of: name).map { items[$0] } }
        guard isOrdered else {
          return names.lastIndex { FolderLibrary.byteOrder($0, name) == 0 }.map { items[$0] }
        }
        let (position, found) = place(of: name)
        return found ? items[position] : nil
      }
      set {
        unspill()
        unpack()
        guard isOrdered else {
          if let newValue {
            names.append(name)
            items.append(newValue)
          } else {
            let gone = names.indices.filter { FolderLibrary.byteOrder(names[$0], name) == 0 }
            for position in gone.reversed() {
              names.remove(at: position)
              items.remove(at: position)
            }
          }
          return
        }
        if let newValue, names.last.map({ FolderLibrary.byteOrder($0, name) < 0 }) ?? true {
          names.append(name)
          items.append(newValue)
          return
        }
        let (position, found) = place(of: name)
        switch (found, newValue) {
        case (true, let item?): items[position] = item
        case (true, nil):
          names.remove(at: position)
          items.remove(at: position)
        case (false, let item?):
          names.append(name)
          items.append(item)
          isOrdered = position == names.count - 1
        case (false, nil): break
        }
      }
    }

    /// Where `name` is, or would go, among ``names`` (in order), and whether it is there.
    private func place(of name: String) -> (Int, found: Bool) {
      var low = 0
      var high = names.count
      while low < high {
        let middle = (low + high) / 2
        let order = FolderLibrary.byteOrder(names[middle], name)
        if order == 0 { return (middle, true) }
        if order < 0 { low = middle + 1 } else { high = middle }
      }
      return (low, false)
    }

    /// Makes the names a list again, to set some.
    private mutating func unpack() {
      guard let packed else { return }
      names = Array(packed)
      self.packed = nil
    }

    /// The names in order (call on an ordered folder).
    private func orderedNames() -> AnyIterator<String> {
      if let packed {
        var names = packed.makeIterator()
        return AnyIterator { names.next() }
      }
      return AnyIterator(names.makeIterator())
    }

    /// Replaces its items with `other`'s and adds `other`'s files, in one pass over both.
    mutating func merge(_ other: FolderFiles) {
      unspill()
      var names: [String] = []
      var items: [Item] = []
      names.reserveCapacity(self.items.count + other.items.count)
      items.reserveCapacity(self.items.count + other.items.count)
      compare(with: other) { name, mine, theirs in
        names.append(name)
        items.append(theirs ?? mine!)
      }
      var merged = FolderFiles()
      (merged.names, merged.items) = (names, items)
      merged.compact()
      self = merged
    }

    /// Calls `body` with each name of either list, in name order, with its item in each.
    func compare(with other: FolderFiles, _ body: (String, Item?, Item?) -> Void) {
      if spilled != nil || other.spilled != nil {
        return loaded().compare(with: other.loaded(), body)
      }
      guard isOrdered, other.isOrdered else {
        var (ordered, otherOrdered) = (self, other)
        ordered.compact()
        otherOrdered.compact()
        return ordered.compare(with: otherOrdered, body)
      }
      let mineNames = orderedNames()
      let theirNames = other.orderedNames()
      var mine = (position: 0, name: mineNames.next())
      var theirs = (position: 0, name: theirNames.next())
      while mine.name != nil || theirs.name != nil {
        let order =
          mine.name == nil
          ? 1
          : theirs.name == nil ? -1 : FolderLibrary.byteOrder(mine.name!, theirs.name!)
        if order < 0 {
          body(mine.name!, items[mine.position], nil)
          mine = (mine.position + 1, mineNames.next())
        } else if order > 0 {
          body(theirs.name!, nil, other.items[theirs.position])
          theirs = (theirs.position + 1, theirNames.next())
        } else {
          body(mine.name!, items[mine.position], other.items[theirs.position])
          mine = (mine.position + 1, mineNames.next())
          theirs = (theirs.position + 1, theirNames.next())
        }
      }
    }

    /// Puts the names in order (of files set twice under one name, the last one set is kept),
    /// gives the items exactly the room they take, and packs the names.
    mutating func compact() {
      guard spilled == nil, packed == nil else { return }
      if !isOrdered {
        // By name, then by when each was set: the last of equal names is the one kept.
        let order = names.indices.sorted { lhs, rhs in
          let byName = FolderLibrary.byteOrder(names[lhs], names[rhs])
          return byName != 0 ? byName < 0 : lhs < rhs
        }
        var sortedNames: [String] = []
        var sortedItems: [Item] = []
        sortedNames.reserveCapacity(order.count)
        sortedItems.reserveCapacity(order.count)
        for position in order {
          if let last = sortedNames.last, FolderLibrary.byteOrder(last, names[position]) == 0 {
            sortedItems[sortedItems.count - 1] = items[position]
          } else {
            sortedNames.append(names[position])
            sortedItems.append(items[position])
          }
        }
        (names, items) = (sortedNames, sortedItems)
        isOrdered = true
      }
      if items.capacity > items.count { items = items.withUnsafeBufferPointer { [Item]($0) } }
      if let packed = PackedNames(names) {
        self.packed = packed
        names = []
      } else if names.capacity > names.count {
        // A name longer than a file name may be: kept as a list.
        names = names.withUnsafeBufferPointer { [String]($0) }
      }
    }

    /// Writes the packed folder to `file` and lets go of its lists; kept in memory when it is
    /// not packed (see ``compact()``) or the write fails.
    mutating func spill(to file: SpillFile) {
      guard spilled == nil, let packed else { return }
      var bytes: [UInt8] = []
      let parts = packed.parts
      bytes.reserveCapacity(12 + parts.restarts.count * 4 + parts.bytes.count + items.count * 8)
      for value in [UInt32(items.count), UInt32(parts.restarts.count), UInt32(parts.bytes.count)] {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
      }
      for restart in parts.restarts { withUnsafeBytes(of: restart.littleEndian) { bytes += $0 } }
      bytes += parts.bytes
      for item in items { withUnsafeBytes(of: item.bits.littleEndian) { bytes += $0 } }
      guard let region = file.write(bytes) else { return }
      (spilled, spilledCount) = (region, items.count)
      (self.packed, items) = (nil, [])
    }

    /// The folder in memory: itself, or, spilled, read back (empty when its bytes cannot be
    /// read: its files then look new to the next comparison, never silently unchanged).
    func loaded() -> FolderFiles {
      guard let spilled else { return self }
      var folder = FolderFiles()
      guard let bytes = spilled.read(), bytes.count >= 12 else { return folder }
      func word(_ offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
      }
      let (count, restartCount, nameBytes) = (Int(word(0)), Int(word(4)), Int(word(8)))
      guard bytes.count == 12 + restartCount * 4 + nameBytes + count * 8 else { return folder }
      let restarts = (0..<restartCount).map { word(12 + $0 * 4) }
      let namesStart = 12 + restartCount * 4
      let itemsStart = namesStart + nameBytes
      folder.packed = PackedNames(
        parts: (bytes: Array(bytes[namesStart..<itemsStart]), restarts: restarts, count: count))
      folder.items = (0..<count).map { position in
        let offset = itemsStart + position * 8
        let bits = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
        return Item(bits: bits)
      }
      return folder
    }

    /// Makes a spilled folder a packed one in memory, to change it.
    private mutating func unspill() {
      guard spilled != nil else { return }
      self = loaded()
    }

    func makeIterator() -> some IteratorProtocol<(name: String, item: Item)> {
      var ordered = loaded()
      ordered.compact()
      return zip(IteratorSequence(ordered.orderedNames()), ordered.items).lazy
        .map { (name: $0, item: $1) }.makeIterator()
    }

    static func == (lhs: FolderFiles, rhs: FolderFiles) -> Bool {
      if lhs.isSameSpill(as: rhs) { return true }
      let (lhs, rhs) = (lhs.loaded(), rhs.loaded())
      return lhs.items.count == rhs.items.count
        && lhs.elementsEqual(rhs) { $0.name.utf8.elementsEqual($1.name.utf8) && $0.item == $1.item }
    }
  }
}
