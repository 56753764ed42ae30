import FileSystem

/// Reads a file's bytes for the decoders through ``RegularFile``, turning a failure into a
/// ``DecodeError/Code/io`` error that names the file and gives the reason.
enum FileBytes {
  /// Opens the regular file at `path`; anything else (FIFO, device, socket, folder) is refused.
  static func open(_ path: String) throws(DecodeError) -> RegularFile {
    do {
      return try RegularFile(path: path)
    } catch {
      throw DecodeError(error, doing: "cannot read")
    }
  }

  /// Up to `count` bytes of `file` from `offset`.
  static func read(_ file: RegularFile, at offset: Int, count: Int) throws(DecodeError) -> [UInt8] {
    do {
      return try file.read(at: offset, count: count)
    } catch {
      throw DecodeError(error, doing: "cannot read")
    }
  }

  /// The first `limit` bytes of the regular file at `path` (all of it when `limit` is nil),
  /// and its total size.
  static func read(
    _ path: String, limit: Int? = nil
  ) throws(DecodeError) -> (bytes: [UInt8], fileSize: Int) {
    let file = try open(path)
    return (try read(file, at: 0, count: limit ?? file.size), file.size)
  }
}
