#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Crash-safe file replacement: write a temporary file beside the target, `fsync` it,
/// `rename(2)` it over the target, then `fsync` the folder.
///
/// A reader (or a process that starts after a crash) sees either the whole old file or the
/// whole new one, never a mix. A crash can leave a temporary file behind; its name starts
/// with ``temporaryPrefix(for:)`` (a dot, so folder scans skip it) and ``removeLeftovers(of:)``
/// deletes such files when the caller holds the lock that serializes writers.
enum DurableFile {
  /// ".<name>.tmp-": every temporary file made for `name` starts with this.
  static func temporaryPrefix(for name: String) -> String { ".\(name).tmp-" }

  /// Creates a new, empty, uniquely named temporary file for `name` in `folder` with
  /// `O_EXCL`, and returns its path and open descriptor.
  static func makeTemporary(
    for name: String, in folder: String, mode: mode_t
  ) throws(SystemError) -> (path: String, fd: Int32) {
    while true {
      let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
      let path = "\(folder)/\(temporaryPrefix(for: name))\(getpid())-\(suffix)"
      do {
        let fd = try POSIX.openFile(path, O_WRONLY | O_CREAT | O_EXCL, mode: mode)
        return (path, fd)
      } catch  where error.code == EEXIST {
        continue
      }
    }
  }

  /// Atomically replaces (or creates) the file at `path` with `bytes`, permissions `mode`.
  static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(SystemError) {
    let folder = POSIX.parentPath(of: path)
    let name = POSIX.fileName(of: path)
    let (temporary, fd) = try makeTemporary(for: name, in: folder, mode: mode)
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    do {
      defer { close(fd) }
      // The umask may have removed bits from `mode`; set exactly what was asked for.
      try POSIX.check("fchmod") { fchmod(fd, mode) }
      try POSIX.writeAll(fd, bytes)
      try POSIX.check("fsync") { fsync(fd) }
    }
    try POSIX.check("rename") { rename(temporary, path) }
    renamed = true
    try POSIX.syncDirectory(folder)
  }

  /// Deletes temporary files left for `path` by a writer that crashed. Call only while holding
  /// the lock that serializes writers of `path`, so that no live writer's file is removed.
  static func removeLeftovers(of path: String) {
    let folder = POSIX.parentPath(of: path)
    let name = POSIX.fileName(of: path)
    let prefix = temporaryPrefix(for: name)
    guard let listing = try? POSIX.listDirectory(folder) else { return }
    for entry in listing.names where entry.hasPrefix(prefix) {
      unlink("\(folder)/\(entry)")
    }
  }
}
