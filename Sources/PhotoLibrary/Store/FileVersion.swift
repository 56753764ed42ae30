#if canImport(Glibc)
  import Glibc
#endif

/// A file's identity and times as `stat(2)` reports them, compared to tell whether a file
/// read before is still the same version (see ``JSONFileStore/version()``).
public struct FileVersion: Sendable, Hashable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: Int64
  var changed: Int64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
  }
}
