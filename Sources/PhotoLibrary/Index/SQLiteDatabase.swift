import CSQLite
import Foundation

/// A failed SQLite call: the result code and `sqlite3_errmsg`'s text.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
  var code: Int32
  var message: String

  /// Whether the file is not a database or is damaged (`SQLITE_NOTADB`, `SQLITE_CORRUPT`).
  var isCorruption: Bool { code & 0xFF == SQLITE_NOTADB || code & 0xFF == SQLITE_CORRUPT }

  var description: String { "\(message) (SQLite error \(code))" }
}

/// One connection to an SQLite database file, over `sqlite3_open_v2` and prepared statements.
///
/// Not shared between threads: the index opens one per scan.
final class SQLiteDatabase {
  private var handle: OpaquePointer?

  /// Opens (creating if needed) the database at `path`.
  init(path: String) throws(SQLiteError) {
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    if code != SQLITE_OK {
      let error = SQLiteError(code: code, message: Self.message(handle))
      sqlite3_close_v2(handle)
      handle = nil
      throw error
    }
    sqlite3_extended_result_codes(handle, 1)
  }

  deinit { sqlite3_close_v2(handle) }

  /// How long a statement waits for another process's write lock before failing.
  func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

  /// Runs `sql` (one or more statements, no parameters).
  func execute(_ sql: String) throws(SQLiteError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    if code != SQLITE_OK { throw error(code) }
  }

  /// Compiles one statement.
  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw error(code) }
    return SQLiteStatement(statement, database: self)
  }

  /// Runs `body` in a read transaction (`BEGIN`, ended when it returns or throws): with WAL,
  /// every statement of `body` reads the database as it was at its first read.
  func readTransaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN")
    defer { try? execute("COMMIT") }
    return try body()
  }

  /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`), rolled back if it throws.
  func writeTransaction(_ body: () throws(SQLiteError) -> Void) throws(SQLiteError) {
    try execute("BEGIN IMMEDIATE")
    do {
      try body()
      try execute("COMMIT")
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  fileprivate func error(_ code: Int32) -> SQLiteError {
    SQLiteError(code: code, message: Self.message(handle))
  }

  private static func message(_ handle: OpaquePointer?) -> String {
    guard let handle, let text = sqlite3_errmsg(handle) else { return "out of memory" }
    return String(cString: text)
  }
}

/// A prepared statement: bind parameters (1-based), step through rows, read columns (0-based).
final class SQLiteStatement {
  private let statement: OpaquePointer
  private let database: SQLiteDatabase

  fileprivate init(_ statement: OpaquePointer, database: SQLiteDatabase) {
    self.statement = statement
    self.database = database
  }

  deinit { sqlite3_finalize(statement) }

  func bind(_ index: Int32, _ value: Int64?) {
    guard let value else {
      sqlite3_bind_null(statement, index)
      return
    }
    sqlite3_bind_int64(statement, index, value)
  }

  func bind(_ index: Int32, _ value: String?) {
    guard let value else {
      sqlite3_bind_null(statement, index)
      return
    }
    sqlite3_bind_text(statement, index, value, -1, CSQLite_TRANSIENT)
  }

  func bind(_ index: Int32, _ value: Double?) {
    guard let value else {
      sqlite3_bind_null(statement, index)
      return
    }
    sqlite3_bind_double(statement, index, value)
  }

  func bind(_ index: Int32, _ value: [UInt8]) {
    value.withUnsafeBytes { bytes in
      _ = sqlite3_bind_blob(
        statement, index, bytes.baseAddress, Int32(bytes.count), CSQLite_TRANSIENT)
    }
  }

  /// Advances to the next row: true while there is one, false when done.
  @discardableResult
  func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(statement)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    throw database.error(code)
  }

  /// Runs the statement to its end and makes it ready to bind and run again.
  func run() throws(SQLiteError) {
    defer { reset() }
    while try step() {}
  }

  func reset() {
    sqlite3_reset(statement)
    sqlite3_clear_bindings(statement)
  }

  func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

  /// The column as a number; nil when it is null.
  func optionalDouble(_ column: Int32) -> Double? {
    sqlite3_column_type(statement, column) == SQLITE_NULL
      ? nil : sqlite3_column_double(statement, column)
  }

  /// The column as an integer; nil when it is null.
  func optionalInt64(_ column: Int32) -> Int64? {
    sqlite3_column_type(statement, column) == SQLITE_NULL
      ? nil : sqlite3_column_int64(statement, column)
  }

  func string(_ column: Int32) -> String? {
    guard let text = sqlite3_column_text(statement, column) else { return nil }
    return String(cString: text)
  }

  /// The column's bytes (empty for NULL).
  func bytes(_ column: Int32) -> [UInt8] {
    let count = Int(sqlite3_column_bytes(statement, column))
    guard count > 0, let base = sqlite3_column_blob(statement, column) else { return [] }
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      buffer.baseAddress!.initialize(
        from: base.assumingMemoryBound(to: UInt8.self), count: count)
      initialized = count
    }
  }
}
