import FileSystem
import Foundation

/// The persistent per-file cache of a library: for each file its signature (size, times,
/// inode) and the ``FileFacts`` that reading it gave, in an SQLite database.
///
/// The counterpart of the Photos database behind `PHAsset` fetches. A scan asks
/// ``facts(for:read:)`` with the files it walked; only files whose signature changed (or that
/// are new) are read, and the index is brought up to date in one transaction, so a crash
/// leaves it as it was before or after. WAL mode and a busy timeout let several processes
/// read and update it at once. Facts are stored as a JSON blob, so fields added to them need
/// no schema change; a schema version mismatch, a damaged file, or a library folder replaced
/// by another at the same path empties it.
final class LibraryIndex {
  /// Bumped when the table layout or the meaning of the stored facts changes.
  static let schemaVersion = "4"

  /// The tables: per-file signature and folder columns, then the facts: in columns for a plain
  /// image (`kind` 1, see ``FileFacts/Storage``), else as a JSON blob (`kind` 0); then the
  /// listing's columns (see `IndexedListing`): the file's creation date as listed
  /// (`Date.timeIntervalSinceReferenceDate`, in the zone `meta` records as `zone`; null for a
  /// file that is no asset or whose date is not yet worked out) and its identity's digest, with
  /// an index in listing order.
  private static let createTables = """
    CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS files(
      path TEXT PRIMARY KEY, folder TEXT NOT NULL,
      device INTEGER NOT NULL, inode INTEGER NOT NULL, size INTEGER NOT NULL,
      mtime INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
      ctime INTEGER NOT NULL, ctime_ns INTEGER NOT NULL,
      kind INTEGER NOT NULL, format TEXT, width INTEGER, height INTEGER, orientation INTEGER,
      date TEXT, facts BLOB, created REAL, identity INTEGER) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS files_folder ON files(folder);
    """

  /// The listing order, newest first (ties by path), over the files with a creation date.
  static let listingIndex = """
    CREATE INDEX IF NOT EXISTS files_listing ON files(created DESC, path)
      WHERE created IS NOT NULL;
    """

  /// What turns a version 3 index into a version 4 one: the listing's columns, empty.
  private static let addListingColumns =
    "ALTER TABLE files ADD COLUMN created REAL; ALTER TABLE files ADD COLUMN identity INTEGER;"

  let fileURL: URL
  let database: SQLiteDatabase
  /// Set when the index file was damaged and was rebuilt: said once, by the scan that did it.
  private(set) var notice: String?

  private init(fileURL: URL, database: SQLiteDatabase, notice: String?) {
    self.fileURL = fileURL
    self.database = database
    self.notice = notice
  }

  /// Opens the index file at `fileURL` for the library folder `rootIdentity` ("device:inode"),
  /// creating it, or rebuilding it when it is damaged. Nil (and why) when no index can be kept
  /// there; the scan then reads every file.
  static func open(at fileURL: URL, rootIdentity: String) -> (LibraryIndex?, problem: String?) {
    do {
      try makePrivate(fileURL)
    } catch {
      return (nil, "the library index \(fileURL.path) cannot be made private: \(error)")
    }
    do {
      return (try prepare(fileURL, rootIdentity: rootIdentity, notice: nil), nil)
    } catch  where error.isCorruption {
      remove(fileURL)
      try? makePrivate(fileURL)
      let notice =
        "the library index \(fileURL.path) was damaged (\(error.message)); it was rebuilt"
      do {
        return (try prepare(fileURL, rootIdentity: rootIdentity, notice: notice), nil)
      } catch {
        return (nil, "the library index \(fileURL.path) cannot be rebuilt: \(error)")
      }
    } catch {
      return (nil, "the library index \(fileURL.path) cannot be opened: \(error)")
    }
  }

  private static func prepare(
    _ fileURL: URL, rootIdentity: String, notice: String?
  ) throws(SQLiteError) -> LibraryIndex {
    let database = try SQLiteDatabase(path: fileURL.path)
    database.setBusyTimeout(milliseconds: 10_000)
    try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL")
    try database.writeTransaction { () throws(SQLiteError) in
      try database.execute(createTables)
      var schema = try meta("schema", database)
      let root = try meta("root", database)
      if schema == "3" {
        // Every row stays: the listing's columns are filled in by the next listing.
        try database.execute(addListingColumns)
        try setMeta("schema", schemaVersion, database)
        schema = schemaVersion
      }
      if schema != schemaVersion {
        try database.execute("DROP TABLE files; DELETE FROM meta;" + createTables)
        try setMeta("schema", schemaVersion, database)
        try setMeta("root", rootIdentity, database)
      } else if root != rootIdentity {
        // Another folder now has the library's path: nothing recorded is about it.
        try database.execute("DELETE FROM files; DELETE FROM meta WHERE key = 'listing'")
        try setMeta("root", rootIdentity, database)
      }
      try database.execute(listingIndex)
    }
    return LibraryIndex(fileURL: fileURL, database: database, notice: notice)
  }

  /// The facts of every file of `entries`, in order: from the index for files whose signature
  /// is recorded, from `read` for the others. Then the index records what was read and forgets
  /// files that are gone. A failure to write leaves the index as it was; the facts are right.
  ///
  /// Files changed at or after `settledBefore` (seconds since 1970, by their ctime) are read
  /// but not recorded: file times are coarser than writes, so a file rewritten in the same
  /// clock tick as it was read would keep its signature (git's "racily clean" entries).
  func facts(
    for entries: [FolderEntry], settledBefore: Int = Int(time(nil)) - 2,
    read: @Sendable (FolderEntry) -> FileFacts
  ) throws(SQLiteError) -> [FileFacts] {
    try facts(for: entries, settledBefore: settledBefore, read: read) { _, facts in facts }
  }

  /// ``facts(for:settledBefore:read:)`` with each file's facts turned at once into what the
  /// caller keeps of them (`keep`, called in no particular order), so that no list of every
  /// file's full `FileFacts` (an `ImageInfo` each) is ever held: at 100,000 files that list
  /// alone would be tens of megabytes.
  ///
  /// With `regions`, `entries` are the files of those parts of the library only (a look at
  /// the folders that changed): only their rows are read, and forgotten when gone.
  ///
  /// What is read is recorded batch by batch, each batch in one transaction before `keep`
  /// hears of it, so that a scan cut short (a gallery closed at its first screen) leaves what
  /// it read for the next one, and a listing made from what `keep` heard finds its rows.
  func facts<Value>(
    for entries: [FolderEntry], in regions: [LibraryRegion]? = nil,
    settledBefore: Int = Int(time(nil)) - 2,
    read: @Sendable (FolderEntry) -> FileFacts, keep: (Int, FileFacts) -> Value
  ) throws(SQLiteError) -> [Value] {
    var position: [String: Int] = [:]
    position.reserveCapacity(entries.count)
    for (offset, entry) in entries.enumerated() { position[entry.id] = offset }

    var cached: [(Int, [UInt8])] = []
    var gone: [String] = []
    var results = [Value?](repeating: nil, count: entries.count)
    let columns =
      "SELECT path, device, inode, size, mtime, mtime_ns, ctime, ctime_ns, kind, format, width,"
      + " height, orientation, date, facts FROM files"
    var selects: [SQLiteStatement] = []
    if let regions {
      for region in regions {
        // Rows of the folder itself, and of every folder below it ("a/" <= folder < "a0").
        let select = try database.prepare(
          columns
            + (region.includesSubfolders
              ? " WHERE folder = ?1 OR (folder >= ?1 || '/' AND folder < ?1 || '0')"
              : " WHERE folder = ?1"))
        select.bind(1, region.folder)
        selects.append(select)
      }
    } else {
      selects.append(try database.prepare(columns))
    }
    for select in selects {
      while try select.step() {
        guard let path = select.string(0) else { continue }
        guard let offset = position[path] else {
          gone.append(path)
          continue
        }
        if Self.signature(select, from: 1) == entries[offset].signature {
          switch Self.stored(select, from: 8) {
          case .facts(let facts): results[offset] = keep(offset, facts)
          case .blob(let blob): cached.append((offset, blob))
          case nil: break
          }
        }
      }
      select.reset()
    }
    position = [:]

    let decoded = ConcurrentMap.map(cached) { offset, blob -> (Int, FileFacts?) in
      (offset, StoredFacts.blob(blob).decoded)
    }
    for (offset, facts) in decoded {
      if let facts { results[offset] = keep(offset, facts) }
    }
    let missing = results.indices.filter { results[$0] == nil }
    // Read in batches: only a batch's full facts are held at once. The first is small, so
    // that the first screen's files are recorded soon.
    var start = 0
    while start < missing.count {
      let size = start == 0 ? Self.firstReadBatch : Self.readBatch
      let batch = Array(missing[start..<min(start + size, missing.count)])
      start += batch.count
      let fresh = ConcurrentMap.map(batch) { offset in read(entries[offset]) }
      let changed = zip(batch, fresh).compactMap { offset, facts -> IndexRow? in
        guard facts.isCacheable && entries[offset].signature.changeSeconds < settledBefore
        else { return nil }
        return IndexRow(offset: offset, facts: facts)
      }
      if !changed.isEmpty { try? record(changed, of: entries, forgetting: []) }
      for (offset, facts) in zip(batch, fresh) { results[offset] = keep(offset, facts) }
    }
    if !gone.isEmpty { try? record([], of: entries, forgetting: gone) }
    return results.map { $0! }
  }

  /// The signature a row recorded, from its device column at `column` and the six after it
  /// (inode, size, mtime, mtime_ns, ctime, ctime_ns).
  static func signature(_ row: SQLiteStatement, from column: Int32) -> FileSignature {
    FileSignature(
      device: UInt64(bitPattern: row.int64(column)),
      inode: UInt64(bitPattern: row.int64(column + 1)),
      size: row.int64(column + 2), modificationSeconds: Int(row.int64(column + 3)),
      modificationNanoseconds: Int(row.int64(column + 4)),
      changeSeconds: Int(row.int64(column + 5)), changeNanoseconds: Int(row.int64(column + 6)))
  }

  /// What a row holds, from its `kind` column at `column` and the facts columns after it
  /// (format, width, height, orientation, date, facts); nil for an unknown kind.
  static func stored(_ row: SQLiteStatement, from column: Int32) -> StoredFacts? {
    switch FileFacts.Storage(rawValue: row.int64(column)) {
    case .plainImage:
      return .facts(
        .image(
          FileFacts.plainImage(
            format: row.string(column + 1) ?? "", width: Int(row.int64(column + 2)),
            height: Int(row.int64(column + 3)), orientation: Int(row.int64(column + 4)),
            date: row.string(column + 5))))
    case .notImage: return .facts(.notImage)
    case .blob: return .blob(row.bytes(column + 6))
    case nil: return nil
    }
  }

  /// A row's facts: ready, or a JSON blob still to decode.
  enum StoredFacts {
    case facts(FileFacts)
    case blob([UInt8])

    /// The facts, decoding the blob; nil when it no longer decodes.
    var decoded: FileFacts? {
      switch self {
      case .facts(let facts): facts
      case .blob(let blob): try? JSONDecoder().decode(FileFacts.self, from: Data(blob))
      }
    }
  }

  /// How many files are read (in parallel) before their facts are turned into the caller's.
  static let readBatch = 4096
  /// The first batch: the files read before a large library's first progress report (see
  /// ``ScanProgress/interval(filesFound:)``), which brings its first provisional listing.
  static let firstReadBatch = 1000

  /// Records `rows` (of files of `entries`) and removes `gone`, in one transaction.
  private func record(
    _ rows: [IndexRow], of entries: [FolderEntry], forgetting gone: [String]
  ) throws(SQLiteError) {
    try database.writeTransaction { () throws(SQLiteError) in
      try write(rows, of: entries, forgetting: gone)
    }
  }

  /// ``record(_:of:forgetting:)`` inside a transaction the caller holds.
  func write(
    _ rows: [IndexRow], of entries: [FolderEntry], forgetting gone: [String]
  ) throws(SQLiteError) {
    do {
      let insert = try database.prepare(
        "INSERT OR REPLACE INTO files(path, folder, device, inode, size, mtime, mtime_ns,"
          + " ctime, ctime_ns, kind, format, width, height, orientation, date, facts, created,"
          + " identity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      for row in rows {
        let entry = entries[row.offset]
        let signature = entry.signature
        let slash = entry.id.lastIndex(of: "/")
        insert.bind(1, entry.id)
        insert.bind(2, slash.map { String(entry.id[..<$0]) } ?? "")
        insert.bind(3, Int64(bitPattern: signature.device))
        insert.bind(4, Int64(bitPattern: signature.inode))
        insert.bind(5, row.isSettled ? signature.size : Self.unsettledSize)
        insert.bind(6, Int64(signature.modificationSeconds))
        insert.bind(7, Int64(signature.modificationNanoseconds))
        insert.bind(8, Int64(signature.changeSeconds))
        insert.bind(9, Int64(signature.changeNanoseconds))
        insert.bind(10, row.storage.rawValue)
        insert.bind(11, row.format)
        insert.bind(12, row.width)
        insert.bind(13, row.height)
        insert.bind(14, row.orientation)
        insert.bind(15, row.date)
        insert.bind(16, row.blob)
        insert.bind(17, row.created)
        insert.bind(18, row.identity)
        try insert.run()
      }
      let delete = try database.prepare("DELETE FROM files WHERE path = ?")
      for path in gone {
        delete.bind(1, path)
        try delete.run()
      }
    }
  }

  /// How many files the index records (none before a library's first scan).
  func count() throws(SQLiteError) -> Int {
    let statement = try database.prepare("SELECT count(*) FROM files")
    _ = try statement.step()
    return Int(statement.int64(0))
  }

  /// How many rows the listing reads (those with a creation date), counted through its index.
  func listedCount() throws(SQLiteError) -> Int {
    let statement = try database.prepare("SELECT count(*) FROM files WHERE created IS NOT NULL")
    _ = try statement.step()
    return Int(statement.int64(0))
  }

  static func meta(_ key: String, _ database: SQLiteDatabase) throws(SQLiteError)
    -> String?
  {
    let statement = try database.prepare("SELECT value FROM meta WHERE key = ?")
    statement.bind(1, key)
    return try statement.step() ? statement.string(0) : nil
  }

  static func setMeta(_ key: String, _ value: String, _ database: SQLiteDatabase)
    throws(SQLiteError)
  {
    let statement = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)")
    statement.bind(1, key)
    statement.bind(2, value)
    try statement.run()
  }

  /// The companions SQLite keeps beside the index file (write-ahead log, shared memory, the
  /// rollback journal while the journal mode changes); they take the index file's mode.
  static let companionSuffixes = ["-wal", "-shm", "-journal"]

  /// The last component of the index folder in the cache (see ``LibraryIndexLocation``).
  static let defaultFolderName = "library-index"

  /// Makes the index's folder (0700) and file (0600) before SQLite opens it, and narrows
  /// those an older version left readable by all: the index lists every path, date and size
  /// of the library, as private as its state and thumbnails.
  static func makePrivate(_ fileURL: URL) throws(SystemError) {
    let folder = fileURL.deletingLastPathComponent().path
    try POSIX.makeDirectories(folder, mode: 0o700)
    // A folder made by an older version is narrowed; one named by the setting (it may be a
    // shared folder such as /tmp) is left as it is.
    if POSIX.fileName(of: folder) == defaultFolderName { _ = chmod(folder, 0o700) }
    let fd = try POSIX.openFile(fileURL.path, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600)
    defer { close(fd) }
    try POSIX.check("fchmod", path: fileURL.path) { fchmod(fd, 0o600) }
    for suffix in companionSuffixes { _ = chmod(fileURL.path + suffix, 0o600) }
  }

  /// Deletes the index file and its WAL and shared-memory companions.
  static func remove(_ fileURL: URL) {
    for suffix in ["", "-wal", "-shm"] {
      unlink(fileURL.path + suffix)
    }
  }
}

/// The columns of one file's row, made as soon as the file is read (much smaller than its
/// `FileFacts`), waiting for the transaction that records them.
struct IndexRow {
  var offset: Int
  /// The listing's columns (see `IndexedListing`); nil: not worked out.
  var created: Double?
  var identity: Int64?
  /// False for a file changed too recently for its signature to be trusted (see
  /// ``LibraryIndex/facts(for:settledBefore:read:)``): recorded with a size no file has, so
  /// that the listing finds its facts and every later scan reads it again.
  var isSettled = true
  var storage: FileFacts.Storage
  var format: String?
  var width: Int64?
  var height: Int64?
  var orientation: Int64?
  var date: String?
  var blob: [UInt8] = []

  /// Nil when the facts cannot be encoded (they are then not recorded).
  init?(offset: Int, facts: FileFacts) {
    self.offset = offset
    storage = facts.storage
    if storage == .blob {
      guard let encoded = try? JSONEncoder().encode(facts) else { return nil }
      blob = [UInt8](encoded)
    }
    let plain = facts.plainImage
    format = plain?.format.identifier
    width = plain.map { Int64($0.width) }
    height = plain.map { Int64($0.height) }
    orientation = plain.map { Int64($0.orientation) }
    date = facts.dateText
  }
}

extension FileFacts {
  /// The date the header records, as written (EXIF `DateTimeOriginal` or the movie's creation
  /// date): the index's date column.
  var dateText: String? {
    guard case .image(let info) = self else { return nil }
    return info.dateTimeOriginal ?? info.video?.creationDate
  }
}

extension LibraryIndex {
  /// The index of the library folder at `root`, kept at `location`; nil when there is none
  /// (turned off, or it cannot be kept: see ``open(at:rootIdentity:)``).
  static func open(root: String, location: LibraryIndexLocation) -> LibraryIndex? {
    guard let realRoot = try? POSIX.resolvedPath(root), let info = try? POSIX.targetInfo(root),
      let fileURL = location.fileURL(forRealRoot: realRoot)
    else { return nil }
    let identity = DirectoryIdentity(info)
    return open(at: fileURL, rootIdentity: "\(identity.device):\(identity.inode)").0
  }

  /// The facts of `entries` (files below `root`), each turned into what the caller keeps
  /// (`keep`), through the index at `location` when one can be kept, else by reading every
  /// file; and a notice when the index had to be rebuilt.
  static func facts<Value>(
    for entries: [FolderEntry], in regions: [LibraryRegion]? = nil, root: String,
    location: LibraryIndexLocation,
    read: @Sendable (FolderEntry) -> FileFacts, keep: (Int, FileFacts) -> Value
  ) -> ([Value], notice: String?) {
    func readAll() -> [Value] {
      var values: [Value] = []
      values.reserveCapacity(entries.count)
      for start in stride(from: 0, to: entries.count, by: readBatch) {
        let batch = Array(start..<min(start + readBatch, entries.count))
        let fresh = ConcurrentMap.map(batch) { read(entries[$0]) }
        for (offset, facts) in zip(batch, fresh) { values.append(keep(offset, facts)) }
      }
      return values
    }
    // An index that cannot be kept (a read-only cache folder) only costs time.
    guard let index = open(root: root, location: location) else { return (readAll(), nil) }
    let fileURL = index.fileURL
    do {
      return (try index.facts(for: entries, in: regions, read: read, keep: keep), index.notice)
    } catch {
      guard error.isCorruption else { return (readAll(), index.notice) }
      // Damaged past its header: the next scan starts a new one.
      remove(fileURL)
      try? makePrivate(fileURL)
      let notice =
        "the library index \(fileURL.path) was damaged (\(error.message)); it will be rebuilt"
      return (readAll(), notice)
    }
  }
}
