#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The funnel for every file-system C call PhotoGate makes (`open`, `read`, `fsync`, `rename`,
/// `lstat`, `realpath`, `opendir`…): each wrapper retries on `EINTR` and throws
/// ``SystemError`` naming the call and the path. Also the calls that hand freed memory back to
/// the system (``releaseFreedMemory()``, ``mapLargeBlocks()``).
package enum POSIX {
  /// `malloc_trim(0)`: hands what every thread's heap has freed back to the system, after a
  /// burst of allocations that will not come again (a library read in full): glibc keeps it
  /// otherwise, and the process's resident memory stays at its peak.
  package static func releaseFreedMemory() { _ = MallocTrim.function?(0) }

  /// `posix_spawn_file_actions_addclosefrom_np(actions, lowest)` (glibc 2.34): the spawned
  /// program gets no descriptor from `lowest` up. False when the C library has no such call.
  package static func closeDescriptors(
    from lowest: Int32, in actions: UnsafeMutablePointer<posix_spawn_file_actions_t>
  ) -> Bool {
    SpawnCloseFrom.function?(actions, lowest) == 0
  }

  /// `mallopt(M_MMAP_THRESHOLD, 128 KiB)`: every block of 128 KiB or more is mapped on its own
  /// and unmapped when freed. glibc's default raises that threshold to a freed block's size
  /// (up to 32 MiB), after which blocks that large come from the heap and, once freed, stay
  /// resident: a listing read in 1 MiB parts left tens of MB so. It costs a mapping and its
  /// page faults for every such block: a program that lives on (the gallery) calls it once,
  /// before it allocates much; a library never sets it for the program it is in.
  /// Returns whether the C library took it.
  @discardableResult
  package static func mapLargeBlocks() -> Bool {
    Mallopt.function?(Mallopt.mmapThreshold, 128 * 1024) == 1
  }

  /// `strerror` for `code`.
  package static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// Runs `call` until it does not fail with `EINTR`; throws when it returns -1.
  @discardableResult
  package static func check<T: BinaryInteger>(
    _ name: String, path: String = "", _ call: () -> T
  ) throws(SystemError) -> T {
    while true {
      let result = call()
      if result != -1 { return result }
      if errno == EINTR { continue }
      throw SystemError(call: name, code: errno, path: path)
    }
  }

  /// `open(2)` with `O_CLOEXEC` added.
  package static func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0)
    throws(SystemError) -> Int32
  {
    try check("open", path: path) { open(path, flags | O_CLOEXEC, mode) }
  }

  /// `lstat(2)`: the entry itself, never what a link points to.
  package static func entryInfo(_ path: String) throws(SystemError) -> stat {
    var info = stat()
    try check("lstat", path: path) { lstat(path, &info) }
    return info
  }

  /// `stat(2)`: follows symbolic links.
  package static func targetInfo(_ path: String) throws(SystemError) -> stat {
    var info = stat()
    try check("stat", path: path) { stat(path, &info) }
    return info
  }

  /// `realpath(3)`: the absolute path with every link, `.` and `..` resolved.
  package static func resolvedPath(_ path: String) throws(SystemError) -> String {
    guard let resolved = realpath(path, nil) else {
      throw SystemError(call: "realpath", code: errno, path: path)
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Writes all of `bytes` to `fd`, looping over short writes: at its offset (`write(2)`), or
  /// at `position` in the file (`pwrite(2)`).
  package static func writeAll(
    _ fd: Int32, _ bytes: [UInt8], at position: Int? = nil, path: String = ""
  ) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw in
        let start = raw.baseAddress! + offset
        return position.map { pwrite(fd, start, raw.count - offset, off_t($0 + offset)) }
          ?? write(fd, start, raw.count - offset)
      }
      if written == -1 && errno == EINTR { continue }
      if written == -1 { throw SystemError(call: "write", code: errno, path: path) }
      offset += written
    }
  }

  /// Reads up to `count` bytes from `fd` (fewer only at the end of the file): at its offset
  /// (`read(2)`), or at `position` in the file (`pread(2)`).
  package static func readChunk(_ fd: Int32, count: Int, at position: Int? = nil, path: String = "")
    throws(SystemError) -> [UInt8]
  {
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
      filled = 0
      while filled < count {
        let start = buffer.baseAddress! + filled
        let got =
          position.map { pread(fd, start, count - filled, off_t($0 + filled)) }
          ?? read(fd, start, count - filled)
        if got == -1 && errno == EINTR { continue }
        if got == -1 {
          failure = errno
          return
        }
        if got == 0 { break }  // The end, or the file shrank while it was read.
        filled += got
      }
    }
    if failure != 0 { throw SystemError(call: "read", code: failure, path: path) }
    return bytes
  }

  /// The whole file at `path`.
  package static func readFile(_ path: String) throws(SystemError) -> [UInt8] {
    try readPrefix(path, limit: nil).bytes
  }

  /// The first `limit` bytes of the file at `path` (all of it when `limit` is nil), and the
  /// file's size. Only a regular file is read: a folder, FIFO, device or socket is refused
  /// (see ``RegularFile``), so that no path can block or stream without end.
  package static func readPrefix(_ path: String, limit: Int?) throws(SystemError) -> (
    bytes: [UInt8], fileSize: Int
  ) {
    let file = try RegularFile(path: path)
    return (try file.read(at: 0, count: min(limit ?? file.size, file.size)), file.size)
  }

  /// `fsync(2)` on the folder at `path`, so that a rename or link in it is durable.
  package static func syncDirectory(_ path: String) throws(SystemError) {
    let fd = try openFile(path, O_RDONLY | O_DIRECTORY)
    defer { close(fd) }
    try check("fsync", path: path) { fsync(fd) }
  }

  /// Creates `path` and any missing parents with `mode` (`mkdir -p`); existing folders are
  /// left as they are, and a folder made meanwhile by another process or thread is fine.
  package static func makeDirectories(_ path: String, mode: mode_t) throws(SystemError) {
    var info = stat()
    if stat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR { return }
      throw SystemError(call: "mkdir", code: ENOTDIR, path: path)
    }
    let parent = parentPath(of: path)
    if parent != path { try makeDirectories(parent, mode: mode) }
    if mkdir(path, mode) == -1 {
      if errno == EEXIST { return }
      throw SystemError(call: "mkdir", code: errno, path: path)
    }
    // mkdir's mode is filtered by the umask; set the exact bits asked for.
    try check("chmod", path: path) { chmod(path, mode) }
  }

  /// The folder holding `path` ("/" for "/a", "." for "a").
  package static func parentPath(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }

  /// The last component of `path` ("c.json" for "/a/b/c.json").
  package static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// Where a `dirent`'s name starts.
  private static let direntNameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

  /// The names in the folder at `path`, without "." and "..", sorted, and how many names were
  /// skipped because they are not valid UTF-8 (so that callers can report them).
  package static func listDirectory(_ path: String) throws(SystemError) -> (
    names: [String], undecodable: Int
  ) {
    guard let dir = opendir(path) else {
      throw SystemError(call: "opendir", code: errno, path: path)
    }
    defer { closedir(dir) }
    var names: [String] = []
    var undecodable = 0
    while true {
      errno = 0
      guard let entry = readdir(dir) else {
        if errno != 0 { throw SystemError(call: "readdir", code: errno, path: path) }
        break
      }
      // The name in place: `entry.pointee` would load a whole `dirent`, and a record is only
      // as long as its name (d_reclen), so the last one of readdir's buffer can end where
      // mapped memory ends (a crash reading past it).
      let name = String(
        validatingCString: (UnsafeRawPointer(entry) + direntNameOffset).assumingMemoryBound(
          to: CChar.self))
      guard let name else {
        undecodable += 1
        continue
      }
      if name == "." || name == ".." { continue }
      names.append(name)
    }
    names.sort()
    return (names, undecodable)
  }
}

/// glibc's `malloc_trim`, which Swift's `Glibc` module does not declare (it is in `malloc.h`).
private enum Mallopt {
  typealias Function = @convention(c) (Int32, Int32) -> Int32
  static let function = CLibrarySymbol.lookUp("mallopt", as: Function.self)
  /// `M_MMAP_THRESHOLD` in `<malloc.h>`.
  static let mmapThreshold: Int32 = -3
}

private enum SpawnCloseFrom {
  typealias Function =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32)
    -> Int32
  static let function = CLibrarySymbol.lookUp(
    "posix_spawn_file_actions_addclosefrom_np", as: Function.self)
}

private enum MallocTrim {
  typealias Function = @convention(c) (Int) -> Int32
  static let function = CLibrarySymbol.lookUp("malloc_trim", as: Function.self)
}
