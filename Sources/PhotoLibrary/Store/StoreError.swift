/// Why a per-app state file could not be read or written, naming the file (the bundle id for
/// `invalidName`).
///
/// A damaged store is never treated as empty or as "authorized": callers get this error and
/// decide (the CLI reports it and exits 1; `privacy reset` removes the file).
public typealias StoreError = PathError<StoreErrorCode>

/// The cause of a store failure.
public enum StoreErrorCode: String, PathErrorCode {
  /// The file exists but is not a valid store: empty, truncated, not JSON, or not the
  /// expected shape.
  case damaged
  /// The file was written by a newer PhotoGate, with a schema version this one cannot read.
  case unsupportedVersion
  /// The file or its folder could not be read, written, locked or synced.
  case io
  /// Another process held the lock for longer than the store's lock timeout.
  case lockTimeout
  /// A bundle id that cannot name a file (empty, hidden, or with characters such as '/').
  case invalidName
}
