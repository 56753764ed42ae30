import FileSystem

/// Why a per-app state file could not be read or written, naming the file.
///
/// A damaged store is never treated as empty or as "authorized": callers get this error and
/// decide (the CLI reports it and exits 1; `privacy reset` removes the file).
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The cause of a store failure.
  public enum Code: String, Sendable, Equatable, CaseIterable {
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

  public var code: Code
  /// The file the error concerns (the store's JSON file, or the bundle id for `invalidName`).
  public var path: String
  /// A readable reason, without the path.
  public var reason: String

  public init(_ code: Code, path: String, reason: String) {
    self.code = code
    self.path = path
    self.reason = reason
  }

  /// `path: reason`.
  public var description: String { "\(path): \(reason)" }

  /// An `io` error for `path` from a failed C call.
  init(path: String, _ error: SystemError) {
    self.init(.io, path: path, reason: "\(error.call) failed: \(error.reason)")
  }
}
