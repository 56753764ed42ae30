#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file open for reading, read at offsets (`pread(2)`) so that no caller needs the
/// whole file in memory.
///
/// Opened with `O_NONBLOCK` and checked with `fstat(2)` before the first read: a FIFO, a
/// device, a socket or a folder is refused with a ``SystemError`` whose ``SystemError/note``
/// says what the path is, so that such a path can never block or stream without end.
/// Not thread-safe for ``close()``; reads may run concurrently.
package final class RegularFile {
  /// The path it was opened with.
  package let path: String
  /// The size at open time, in bytes.
  package let size: Int
  /// The descriptor, valid until ``close()`` or deinit.
  package private(set) var descriptor: Int32

  /// Opens the file at `path` (following symbolic links) and refuses anything but a regular
  /// file.
  package convenience init(path: String) throws(SystemError) {
    try self.init(path: path) { () throws(SystemError) in
      try POSIX.openFile(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
    }
  }

  /// Opens the file `name` of the open folder `directory` (`openat(2)`: the kernel looks up
  /// one name, not the whole path), which is at `path`, with ``init(path:)``'s checks.
  package convenience init(name: String, in directory: Int32, path: String) throws(SystemError) {
    try self.init(path: path) { () throws(SystemError) in
      try POSIX.check("open", path: path) {
        openat(directory, name, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
      }
    }
  }

  private init(path: String, open: () throws(SystemError) -> Int32) throws(SystemError) {
    let fd: Int32
    do {
      fd = try open()
    } catch {
      // open(2) of a socket fails with ENXIO; say what it is.
      if error.code == ENXIO, let info = try? POSIX.targetInfo(path),
        let kind = Self.kind(of: info.st_mode)
      {
        throw SystemError(call: "open", code: ENXIO, path: path, note: Self.refusal(kind))
      }
      throw error
    }
    var info = stat()
    do {
      try POSIX.check("fstat", path: path) { fstat(fd, &info) }
    } catch {
      closeDescriptor(fd)
      throw error
    }
    if let kind = Self.kind(of: info.st_mode) {
      closeDescriptor(fd)
      let code = (info.st_mode & S_IFMT) == S_IFDIR ? EISDIR : EINVAL
      throw SystemError(call: "open", code: code, path: path, note: Self.refusal(kind))
    }
    self.path = path
    self.size = Int(info.st_size)
    self.descriptor = fd
  }

  deinit { close() }

  /// Closes the descriptor; later reads fail with `EBADF`.
  package func close() {
    if descriptor >= 0 { closeDescriptor(descriptor) }
    descriptor = -1
  }

  /// Up to `count` bytes from `offset` (fewer only at the end of the file).
  package func read(at offset: Int, count: Int) throws(SystemError) -> [UInt8] {
    let wanted = max(0, min(count, size - offset))
    return try POSIX.readChunk(descriptor, count: wanted, at: offset, path: path)
  }

  /// The whole regular file at `path`, refused when it is larger than `limit` bytes (a
  /// ``SystemError`` with code `EFBIG` saying its size and the limit) or is no regular file.
  package static func contents(of path: String, limit: Int) throws(SystemError) -> [UInt8] {
    let file = try RegularFile(path: path)
    defer { file.close() }
    guard file.size <= limit else {
      throw SystemError(
        call: "read", code: EFBIG, path: path,
        note: "is \(file.size) bytes, over the limit of \(limit) bytes for a file")
    }
    return try file.read(at: 0, count: file.size)
  }

  /// What a file of mode `mode` is when it is not a regular file ("a FIFO (named pipe)"), or
  /// nil for a regular file.
  package static func kind(of mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "an unknown kind of file"
    }
  }

  private static func refusal(_ kind: String) -> String {
    "is \(kind), not a regular file; only regular files are read"
  }
}

/// `close(2)`, out of reach of ``RegularFile/close()``'s name.
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
