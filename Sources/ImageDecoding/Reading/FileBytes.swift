#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file's bytes with plain POSIX calls (`open`, `fstat`, `read`), turning every
/// failure into a ``DecodeError/Code/io`` error that names the file and gives `strerror`.
enum FileBytes {
  /// The first `limit` bytes of the file (all of it when `limit` is nil), and its total size.
  static func read(
    _ path: String, limit: Int? = nil
  ) throws(DecodeError) -> (bytes: [UInt8], fileSize: Int) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 { throw ioError(path, errno) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) != 0 { throw ioError(path, errno) }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      throw DecodeError(.io, path: path, reason: "is a folder, not a file")
    }
    let fileSize = Int(status.st_size)
    let wanted = min(limit ?? fileSize, fileSize)
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
      count = 0
      while count < wanted {
        let got = systemRead(descriptor, buffer.baseAddress! + count, wanted - count)
        if got < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        if got == 0 { break }  // the file shrank while we read it
        count += got
      }
    }
    if failure != 0 { throw ioError(path, failure) }
    return (bytes, fileSize)
  }

  private static func ioError(_ path: String, _ code: Int32) -> DecodeError {
    DecodeError(.io, path: path, reason: "cannot read: \(String(cString: strerror(code)))")
  }
}

/// `read(2)`, named apart from ``FileBytes/read(_:limit:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  read(descriptor, buffer, count)
}
