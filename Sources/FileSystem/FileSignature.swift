import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat(2)` says about a file, enough to tell that it changed: identity, size and times.
package struct FileSignature: Sendable, Equatable, Hashable {
  package var device: UInt64
  package var inode: UInt64
  package var size: Int64
  package var modificationSeconds: Int
  package var modificationNanoseconds: Int
  package var changeSeconds: Int
  package var changeNanoseconds: Int

  package init(
    device: UInt64, inode: UInt64, size: Int64, modificationSeconds: Int,
    modificationNanoseconds: Int, changeSeconds: Int, changeNanoseconds: Int
  ) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modificationSeconds = modificationSeconds
    self.modificationNanoseconds = modificationNanoseconds
    self.changeSeconds = changeSeconds
    self.changeNanoseconds = changeNanoseconds
  }

  package init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modificationSeconds = Int(info.st_mtim.tv_sec)
    modificationNanoseconds = Int(info.st_mtim.tv_nsec)
    changeSeconds = Int(info.st_ctim.tv_sec)
    changeNanoseconds = Int(info.st_ctim.tv_nsec)
  }

  /// The file's modification time.
  package var modificationDate: Date {
    Date(
      timeIntervalSince1970: TimeInterval(modificationSeconds)
        + TimeInterval(modificationNanoseconds) / 1_000_000_000)
  }
}
