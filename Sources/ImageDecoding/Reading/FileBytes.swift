import FileSystem

/// Reads a file's bytes for the decoders through ``POSIX/readPrefix(_:limit:)``, turning a
/// failure into a ``DecodeError/Code/io`` error that names the file and gives `strerror`.
enum FileBytes {
  /// The first `limit` bytes of the file (all of it when `limit` is nil), and its total size.
  static func read(
    _ path: String, limit: Int? = nil
  ) throws(DecodeError) -> (bytes: [UInt8], fileSize: Int) {
    do {
      return try POSIX.readPrefix(path, limit: limit)
    } catch {
      throw DecodeError(error, doing: "cannot read")
    }
  }
}
