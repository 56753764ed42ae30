import FileSystem

/// A failure concerning one file or folder: what kind (`code`), which path, and a readable
/// reason. ``LibraryError`` and ``StoreError`` are this with their own codes.
public struct PathError<ErrorCode: PathErrorCode>: Error, Sendable, Equatable,
  CustomStringConvertible
{
  /// The kinds of failure (``LibraryErrorCode``, ``StoreErrorCode``).
  public typealias Code = ErrorCode

  public var code: Code
  /// The file or folder the error concerns (or the name that was refused).
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

  /// An ``PathErrorCode/io`` error for `path` from a failed C call: "`action`: `call` failed:
  /// `strerror`", or without the action.
  init(path: String, doing action: String? = nil, _ error: SystemError) {
    let failure = "\(error.call) failed: \(error.reason)"
    self.init(.io, path: path, reason: action.map { "\($0): \(failure)" } ?? failure)
  }
}

/// The codes of a ``PathError``; each set has an `io` case for failed file-system calls.
public protocol PathErrorCode: RawRepresentable<String>, Sendable, Equatable, CaseIterable {
  /// A file or folder could not be read, created, written, locked or synced.
  static var io: Self { get }
}
