#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed C call: which call, and `errno` as a readable reason (`strerror`).
struct SystemError: Error, Sendable, Equatable {
  /// The C function that failed ("open", "flock", …).
  var call: String
  /// The `errno` value.
  var code: Int32

  /// `strerror(code)`, e.g. "Permission denied".
  var reason: String { POSIX.describe(code) }
}

/// The funnel for every file-system C call PhotoLibrary makes (`open`, `fsync`, `flock`,
/// `rename`, `link`, `lstat`…): each wrapper retries on `EINTR` and throws ``SystemError``.
enum POSIX {
  /// `strerror` for `code`.
  static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// Runs `call` until it does not fail with `EINTR`; throws when it returns -1.
  @discardableResult
  static func check<T: BinaryInteger>(_ name: String, _ call: () -> T) throws(SystemError) -> T {
    while true {
      let result = call()
      if result != -1 { return result }
      if errno == EINTR { continue }
      throw SystemError(call: name, code: errno)
    }
  }

  /// `open(2)` with `O_CLOEXEC` added.
  static func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(SystemError)
    -> Int32
  {
    try check("open") { open(path, flags | O_CLOEXEC, mode) }
  }

  /// `lstat(2)`: the entry itself, never what a link points to.
  static func entryInfo(_ path: String) throws(SystemError) -> stat {
    var info = stat()
    try check("lstat") { lstat(path, &info) }
    return info
  }

  /// `stat(2)`: follows symbolic links.
  static func targetInfo(_ path: String) throws(SystemError) -> stat {
    var info = stat()
    try check("stat") { stat(path, &info) }
    return info
  }

  /// `realpath(3)`: the absolute path with every link, `.` and `..` resolved.
  static func resolvedPath(_ path: String) throws(SystemError) -> String {
    guard let resolved = realpath(path, nil) else {
      throw SystemError(call: "realpath", code: errno)
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Writes all of `bytes` to `fd`, looping over short writes.
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw in
        write(fd, raw.baseAddress! + offset, raw.count - offset)
      }
      if written == -1 && errno == EINTR { continue }
      if written == -1 { throw SystemError(call: "write", code: errno) }
      offset += written
    }
  }

  /// Reads up to `count` bytes from `fd` (fewer only at the end of the file).
  static func readChunk(_ fd: Int32, count: Int) throws(SystemError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes { raw in
        read(fd, raw.baseAddress! + filled, count - filled)
      }
      if got == -1 && errno == EINTR { continue }
      if got == -1 { throw SystemError(call: "read", code: errno) }
      if got == 0 { break }
      filled += got
    }
    bytes.removeSubrange(filled...)
    return bytes
  }

  /// Reads the whole file at `path`.
  static func readFile(_ path: String) throws(SystemError) -> [UInt8] {
    let fd = try openFile(path, O_RDONLY)
    defer { close(fd) }
    var info = stat()
    try check("fstat") { fstat(fd, &info) }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw SystemError(call: "read", code: EISDIR) }
    var result: [UInt8] = []
    result.reserveCapacity(Int(info.st_size))
    while true {
      let chunk = try readChunk(fd, count: 1 << 16)
      result += chunk
      if chunk.count < 1 << 16 { return result }
    }
  }

  /// `fsync(2)` on the folder at `path`, so that a rename or link in it is durable.
  static func syncDirectory(_ path: String) throws(SystemError) {
    let fd = try openFile(path, O_RDONLY | O_DIRECTORY)
    defer { close(fd) }
    try check("fsync") { fsync(fd) }
  }

  /// Creates `path` and any missing parents with `mode` (`mkdir -p`); existing folders are
  /// left as they are.
  static func makeDirectories(_ path: String, mode: mode_t) throws(SystemError) {
    var info = stat()
    if stat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR { return }
      throw SystemError(call: "mkdir", code: ENOTDIR)
    }
    let parent = parentPath(of: path)
    if parent != path { try makeDirectories(parent, mode: mode) }
    if mkdir(path, mode) == -1 && errno != EEXIST {
      throw SystemError(call: "mkdir", code: errno)
    }
    // mkdir's mode is filtered by the umask; set the exact bits asked for.
    try check("chmod") { chmod(path, mode) }
  }

  /// The folder holding `path` ("/" for "/a", "." for "a").
  static func parentPath(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }

  /// The last component of `path` ("c.json" for "/a/b/c.json").
  static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The names in the folder at `path`, without "." and "..", sorted; names that are not
  /// valid UTF-8 are returned separately as raw bytes so that callers can report them.
  static func listDirectory(_ path: String) throws(SystemError) -> (
    names: [String], undecodable: Int
  ) {
    guard let dir = opendir(path) else { throw SystemError(call: "opendir", code: errno) }
    defer { closedir(dir) }
    var names: [String] = []
    var undecodable = 0
    while true {
      errno = 0
      guard let entry = readdir(dir) else {
        if errno != 0 { throw SystemError(call: "readdir", code: errno) }
        break
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(validatingCString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
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
