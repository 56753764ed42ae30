#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Crash-safe file replacement: write a hidden temporary file beside the target, `fsync` it,
/// `rename(2)` it over the target, then `fsync` the folder.
///
/// A reader (or a process that starts after a crash) sees either the whole old file or the
/// whole new one, never a mix. A killed writer can leave its temporary file behind; its name
/// starts with ``temporaryPrefix(for:)`` (a dot, so library scans skip it), and
/// ``removeLeftovers(of:)`` or ``removeAbandoned(in:olderThan:)`` delete such files.
package enum DurableFile {
  /// How much a write waits for the disk.
  package enum Durability: Sendable, Equatable {
    /// `fsync` the file before the rename and the folder after it: after a power cut the name
    /// holds the old file or the new one. For state that must not be lost.
    case synced
    /// Rename only: a crash of the process never leaves a half-written file under the name,
    /// but a power cut may leave an empty one. For caches that can be rebuilt.
    case renamed
  }

  /// ".<name>.tmp-": every temporary file made for `name` starts with this.
  package static func temporaryPrefix(for name: String) -> String { ".\(name).tmp-" }

  /// Whether `name` is one of the temporary files this type makes (for any target name).
  package static func isTemporaryName(_ name: String) -> Bool {
    name.hasPrefix(".") && name.contains(".tmp-")
  }

  /// Creates a new, empty, uniquely named temporary file for `name` in `folder` with
  /// `O_EXCL`, and returns its path and open descriptor.
  package static func makeTemporary(
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

  /// Atomically replaces (or creates) the file at `path` with `bytes`, permissions exactly
  /// `mode`. Errors name `path`.
  package static func write(
    _ bytes: [UInt8], to path: String, mode: mode_t, durability: Durability = .synced
  ) throws(SystemError) {
    let folder = POSIX.parentPath(of: path)
    let name = POSIX.fileName(of: path)
    do {
      let (temporary, fd) = try makeTemporary(for: name, in: folder, mode: mode)
      var renamed = false
      defer { if !renamed { unlink(temporary) } }
      do {
        defer { close(fd) }
        // The umask may have removed bits from `mode`; set exactly what was asked for.
        try POSIX.check("fchmod") { fchmod(fd, mode) }
        try POSIX.writeAll(fd, bytes)
        if durability == .synced { try POSIX.check("fsync") { fsync(fd) } }
      }
      try POSIX.check("rename") { rename(temporary, path) }
      renamed = true
      if durability == .synced { try POSIX.syncDirectory(folder) }
    } catch {
      throw error.with(path: path)
    }
  }

  /// Deletes temporary files left for `path` by a writer that crashed. Call only while holding
  /// the lock that serializes writers of `path`, so that no live writer's file is removed.
  package static func removeLeftovers(of path: String) {
    let folder = POSIX.parentPath(of: path)
    let prefix = temporaryPrefix(for: POSIX.fileName(of: path))
    guard let listing = try? POSIX.listDirectory(folder) else { return }
    for entry in listing.names where entry.hasPrefix(prefix) {
      unlink("\(folder)/\(entry)")
    }
  }

  /// Deletes the temporary files in `folder` (for any target name) that have not been
  /// modified for `age` seconds: a live writer finishes long before, so only files of killed
  /// writers go. For folders without a writers' lock. Returns how many were deleted.
  @discardableResult
  package static func removeAbandoned(in folder: String, olderThan age: Int) -> Int {
    guard let listing = try? POSIX.listDirectory(folder) else { return 0 }
    let now = Int(time(nil))
    var removed = 0
    for name in listing.names where isTemporaryName(name) {
      let path = "\(folder)/\(name)"
      guard let info = try? POSIX.entryInfo(path), (info.st_mode & S_IFMT) == S_IFREG,
        now - Int(info.st_mtim.tv_sec) > age
      else { continue }
      if unlink(path) == 0 { removed += 1 }
    }
    return removed
  }
}
