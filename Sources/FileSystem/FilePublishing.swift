#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Copying a file durably and giving it a name without ever replacing another file: the
/// library's imports, its trash and the edit store publish files this way.
extension DurableFile {
  /// How much a copy reads at once: peak memory stays this, whatever the file's size.
  package static let copyChunk = 1 << 20

  /// Copies `source` (from its start) into a new hidden temporary file for `name` in `folder`
  /// (see ``makeTemporary(for:in:mode:)``), with permissions exactly `mode`, `fsync`ed; returns
  /// its path. `prefix`, bytes already read from the source, is written first and the copy
  /// goes on from there. Nothing is left behind on failure; errors name the file that failed.
  package static func copyToTemporary(
    from source: RegularFile, prefix: [UInt8] = [], for name: String, in folder: String,
    mode: mode_t
  ) throws(SystemError) -> String {
    let temporary: (path: String, fd: Int32)
    do {
      temporary = try makeTemporary(for: name, in: folder, mode: mode)
    } catch {
      throw error.with(path: folder)
    }
    var done = false
    defer {
      close(temporary.fd)
      if !done { unlink(temporary.path) }
    }
    try POSIX.check("fchmod", path: temporary.path) { fchmod(temporary.fd, mode) }
    try POSIX.writeAll(temporary.fd, prefix, path: temporary.path)
    var offset = prefix.count
    while true {
      let chunk = try source.read(at: offset, count: copyChunk)
      try POSIX.writeAll(temporary.fd, chunk, path: temporary.path)
      offset += chunk.count
      if chunk.count < copyChunk { break }
    }
    try POSIX.check("fsync", path: temporary.path) { fsync(temporary.fd) }
    done = true
    return temporary.path
  }

  /// Gives the file at `temporary` the name `destination` (in the same folder or another on
  /// the same file system) unless something already has that name: `renameat2` with
  /// `RENAME_NOREPLACE`, else `link(2)` then `unlink(2)`, else (no hard links there) a
  /// reservation made with `O_EXCL` and renamed over. Returns false, `temporary` untouched,
  /// when the name is taken; on success `temporary` is gone. The folder is not synced.
  package static func publish(_ temporary: String, as destination: String) throws(SystemError)
    -> Bool
  {
    if let renameNoReplace = RenameCall.function {
      if renameNoReplace(
        RenameCall.currentDirectory, temporary, RenameCall.currentDirectory, destination,
        RenameCall.noReplace) == 0
      {
        return true
      }
      let code = errno
      if code == EEXIST { return false }
      // EINVAL: the file system cannot rename without replacing; try a hard link.
      if code != EINVAL && code != ENOSYS && code != ENOTSUP {
        throw SystemError(call: "renameat2", code: code, path: destination)
      }
    }
    if link(temporary, destination) == 0 {
      unlink(temporary)
      return true
    }
    let code = errno
    if code == EEXIST { return false }
    guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP else {
      throw SystemError(call: "link", code: code, path: destination)
    }
    // No hard links here: reserve the name with O_EXCL, then rename over the reservation.
    let reserved = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if reserved == -1 && errno == EEXIST { return false }
    if reserved == -1 { throw SystemError(call: "open", code: errno, path: destination) }
    close(reserved)
    if rename(temporary, destination) == 0 { return true }
    let error = SystemError(call: "rename", code: errno, path: destination)
    unlink(destination)
    throw error
  }

  /// Moves the file at `source` to `destination` unless something already has that name
  /// (then returns false and nothing moved): a rename without replacing, or, across file
  /// systems, a durable copy published under the name, then the source removed. The
  /// destination's folder is synced.
  package static func move(_ source: String, to destination: String) throws(SystemError)
    -> Bool
  {
    let folder = POSIX.parentPath(of: destination)
    do {
      guard try publish(source, as: destination) else { return false }
    } catch  where error.code == EXDEV {
      let file = try RegularFile(path: source)
      defer { file.close() }
      let copy = try copyToTemporary(
        from: file, for: POSIX.fileName(of: destination), in: folder,
        mode: mode_t(try POSIX.entryInfo(source).st_mode & 0o7777))
      guard try publish(copy, as: destination) else {
        unlink(copy)
        return false
      }
      try POSIX.check("unlink", path: source) { unlink(source) }
    }
    try POSIX.syncDirectory(folder)
    return true
  }
}

/// `renameat2`, looked up once with `dlsym` (glibc declares it only under `_GNU_SOURCE`).
private enum RenameCall {
  typealias Function =
    @convention(c) (
      Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
    ) -> Int32

  static let noReplace: UInt32 = 1
  static let currentDirectory: Int32 = -100

  static let function = CLibrarySymbol.lookUp("renameat2", as: Function.self)
}
