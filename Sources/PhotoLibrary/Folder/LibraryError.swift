/// Why a change to the library folder (importing a file, creating an album) failed, naming
/// the file or folder (the album name for `invalidAlbumName`).
public typealias LibraryError = PathError<LibraryErrorCode>

/// The cause of a library failure.
public enum LibraryErrorCode: String, PathErrorCode {
  /// An album name that cannot name a first-level folder (empty, hidden, with '/').
  case invalidAlbumName
  /// The file to import is not an image of a registered format (by its magic bytes).
  case notAnImage
  /// A file or folder could not be read, created or written.
  case io
}
