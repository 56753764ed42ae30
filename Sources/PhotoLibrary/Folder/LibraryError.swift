import FileSystem

/// Why a change to the library folder (importing a file, creating an album) failed, naming
/// the file or folder.
public struct LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The cause of a library failure.
  public enum Code: String, Sendable, Equatable, CaseIterable {
    /// An album name that cannot name a first-level folder (empty, hidden, with '/').
    case invalidAlbumName
    /// The file to import is not an image of a registered format (by its magic bytes).
    case notAnImage
    /// A file or folder could not be read, created or written.
    case io
  }

  public var code: Code
  /// The file or folder the error concerns (the album name for `invalidAlbumName`).
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

  /// An `io` error for `path` from a failed C call, with what was being done.
  init(path: String, doing action: String, _ error: SystemError) {
    self.init(.io, path: path, reason: "\(action): \(error.call) failed: \(error.reason)")
  }
}
