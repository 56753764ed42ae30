import FileSystem
import Foundation

extension LibraryIndex {
  /// A size no file has: the signature of a row recorded for a file changed too recently to
  /// be trusted (see ``IndexRow/isSettled``), which no walk matches.
  static let unsettledSize: Int64 = -1

  /// One recorded file of a folder, as the listing's refresh compares it with the walk: its
  /// facts are made only when asked for (most rows of a warm library are only compared).
  struct FolderRow {
    var signature: FileSignature
    /// The `kind` column (see ``FileFacts/Storage``).
    var kind: Int64
    /// The facts columns: format, width, height, orientation, date (a plain image's).
    var format: String?
    var width: Int
    var height: Int
    var orientation: Int
    var date: String?
    /// The facts blob (`kind` 0), empty otherwise.
    var blob: [UInt8]
    /// The listing's columns (nil: not worked out yet).
    var created: Double?
    var identity: Int64?

    /// Whether the row holds a plain image (one whose facts fit the columns).
    var isPlainImage: Bool { kind == FileFacts.Storage.plainImage.rawValue }

    /// The recorded facts; nil when the kind is unknown or the blob no longer decodes.
    var facts: FileFacts? {
      switch FileFacts.Storage(rawValue: kind) {
      case .plainImage:
        return .image(
          FileFacts.plainImage(
            format: format ?? "", width: width, height: height, orientation: orientation,
            date: date))
      case .notImage: return .notImage
      case .blob: return StoredFacts.blob(blob).decoded
      case nil: return nil
      }
    }
  }

  /// The rows of the files directly in `folder` ("" for the library root), by path (compared
  /// by its bytes); room is made for `expected` of them at once.
  func rows(inFolder folder: String, expected: Int) throws(SQLiteError)
    -> [AssetIDKey: FolderRow]
  {
    let select = try database.prepare(
      "SELECT path, device, inode, size, mtime, mtime_ns, ctime, ctime_ns, kind, format, width,"
        + " height, orientation, date, facts, created, identity FROM files WHERE folder = ?")
    select.bind(1, folder)
    var rows: [AssetIDKey: FolderRow] = [:]
    rows.reserveCapacity(expected)
    while try select.step() {
      guard let path = select.string(0) else { continue }
      let kind = select.int64(8)
      let isPlain = kind == FileFacts.Storage.plainImage.rawValue
      rows[AssetIDKey(path)] = FolderRow(
        signature: Self.signature(select, from: 1), kind: kind,
        format: isPlain ? select.string(9) : nil, width: Int(select.int64(10)),
        height: Int(select.int64(11)), orientation: Int(select.int64(12)),
        date: isPlain ? select.string(13) : nil,
        blob: kind == FileFacts.Storage.blob.rawValue ? select.bytes(14) : [],
        created: select.optionalDouble(15), identity: select.optionalInt64(16))
    }
    return rows
  }

  /// Every folder some row is in.
  func folders() throws(SQLiteError) -> [String] {
    let select = try database.prepare("SELECT DISTINCT folder FROM files")
    var folders: [String] = []
    while try select.step() {
      if let folder = select.string(0) { folders.append(folder) }
    }
    return folders
  }

  /// Records `rows` (of files of `entries`), sets the listing's columns of the unchanged files
  /// of `columns`, and forgets the files `gone`, in one transaction.
  func update(
    _ rows: [IndexRow], of entries: [FolderEntry],
    columns: [(path: String, created: Double?, identity: Int64?)], forgetting gone: [String]
  ) throws(SQLiteError) {
    guard !rows.isEmpty || !columns.isEmpty || !gone.isEmpty else { return }
    try database.writeTransaction { () throws(SQLiteError) in
      try write(rows, of: entries, forgetting: gone)
      let update = try database.prepare(
        "UPDATE files SET created = ?, identity = ? WHERE path = ?")
      for column in columns {
        update.bind(1, column.created)
        update.bind(2, column.identity)
        update.bind(3, column.path)
        try update.run()
      }
    }
  }

  /// Forgets every file of `folders` (folders no walk finds any more).
  func forget(folders: [String]) throws(SQLiteError) {
    guard !folders.isEmpty else { return }
    try database.writeTransaction { () throws(SQLiteError) in
      let delete = try database.prepare("DELETE FROM files WHERE folder = ?")
      for folder in folders {
        delete.bind(1, folder)
        try delete.run()
      }
    }
  }

  /// The columns a listed row is read with, in this order: path, the signature's seven, the
  /// facts' seven (`kind` … `facts`), identity, created.
  static let listedColumns =
    "path, device, inode, size, mtime, mtime_ns, ctime, ctime_ns, kind, format, width, height,"
    + " orientation, date, facts, identity, created"

  /// Every listed file's row (``listedColumns``), in listing order through `files_listing`.
  func listedRows() throws(SQLiteError) -> SQLiteStatement {
    try database.prepare(
      "SELECT \(Self.listedColumns) FROM files WHERE created IS NOT NULL"
        + " ORDER BY created DESC, path")
  }

  /// The row (``listedColumns``) of the listed file whose path is bound as the parameter.
  func listedRow() throws(SQLiteError) -> SQLiteStatement {
    try database.prepare(
      "SELECT \(Self.listedColumns) FROM files WHERE path = ? AND created IS NOT NULL")
  }

  /// Whether no file is recorded (a library never opened, or an index just rebuilt).
  func isEmpty() throws(SQLiteError) -> Bool {
    let select = try database.prepare("SELECT 1 FROM files LIMIT 1")
    return try !select.step()
  }

  /// Drops the index in listing order, for a refresh that records every file: built once at
  /// its end (``restoreListingOrder()``), it costs a sort, where keeping it up to date costs
  /// an insert at a random place for each file. Made again by the next open if it is not.
  func dropListingOrder() throws(SQLiteError) {
    try database.execute("DROP INDEX IF EXISTS files_listing")
  }

  /// Makes the index in listing order again (see ``dropListingOrder()``).
  func restoreListingOrder() throws(SQLiteError) {
    try database.execute(Self.listingIndex)
  }

  /// The time zone the `created` column was worked out in (EXIF dates carry none).
  func listingZone() -> String? { try? Self.meta("zone", database) }

  /// Records the zone the `created` column is now worked out in.
  func setListingZone(_ zone: String) throws(SQLiteError) {
    try database.writeTransaction { () throws(SQLiteError) in
      try Self.setMeta("zone", zone, database)
    }
  }
}
