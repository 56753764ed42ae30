#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `statx(2)` says about a file: the fields of `stat(2)` and, where the file system
/// records one, the file's birth time (`STATX_BTIME`).
///
/// Glibc declares `statx` only under `_GNU_SOURCE`, which Swift's `Glibc` module does not set;
/// the function is looked up once with `dlsym`. Where it is missing (an old C library, or a
/// system other than Linux), or the kernel refuses it, `stat(2)`/`lstat(2)` answer instead and
/// there is no birth time.
package struct FileStatus: Sendable {
  /// The `stat` fields (the same values `stat(2)` gives for the file).
  package var info: stat
  /// The birth time, nil when the file system does not report one (some network and FUSE
  /// file systems, and `stat` without `statx`).
  package var birth: (seconds: Int, nanoseconds: Int)?

  package init(info: stat, birth: (seconds: Int, nanoseconds: Int)?) {
    self.info = info
    self.birth = birth
  }

  /// The file's identity: see ``FileIdentity``.
  package var identity: FileIdentity { FileIdentity(self) }
}

extension POSIX {
  /// `statx(2)` of `path`: of the entry itself (like `lstat(2)`) unless `followLinks`, then of
  /// what a link leads to (like `stat(2)`). Errors name `path` and the call.
  package static func status(_ path: String, followLinks: Bool) throws(SystemError) -> FileStatus {
    try status(path, in: StatxCall.currentDirectory, path: path, followLinks: followLinks)
  }

  /// ``status(_:followLinks:)`` of the entry `name` of the folder open as `directory` (a
  /// descriptor of `open(2)` with `O_DIRECTORY`): the kernel looks up the name alone, not the
  /// whole path again for each file of a folder. Errors name `path`, the entry's whole path.
  package static func status(
    _ name: String, in directory: Int32, path: String, followLinks: Bool
  ) throws(SystemError) -> FileStatus {
    guard let statx = StatxCall.function else {
      return FileStatus(info: try followLinks ? targetInfo(path) : entryInfo(path), birth: nil)
    }
    var buffer = StatxCall.Buffer()
    let flags = followLinks ? 0 : StatxCall.symlinkNoFollow
    let result = withUnsafeMutableBytes(of: &buffer) { raw in
      // Asks for the basic fields and the birth time.
      statx(directory, name, flags, StatxCall.basicStats | StatxCall.birthTime, raw.baseAddress!)
    }
    if result == -1 {
      let code = errno
      if code == ENOSYS {
        return FileStatus(info: try followLinks ? targetInfo(path) : entryInfo(path), birth: nil)
      }
      throw SystemError(call: followLinks ? "stat" : "lstat", code: code, path: path)
    }
    return buffer.status
  }
}

/// The `statx` function and its `struct statx`, laid out as `<linux/stat.h>` defines it.
private enum StatxCall {
  typealias Function =
    @convention(c) (
      Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer
    ) -> Int32

  static let basicStats: UInt32 = 0x7ff
  static let birthTime: UInt32 = 0x800
  static let symlinkNoFollow: Int32 = 0x100
  static let currentDirectory: Int32 = -100

  /// `statx` from the C library, or nil when it has none.
  static let function = CLibrarySymbol.lookUp("statx", as: Function.self)

  /// `struct statx_timestamp`.
  struct Timestamp {
    var seconds: Int64 = 0
    var nanoseconds: UInt32 = 0
    var reserved: Int32 = 0
  }

  /// `struct statx` (256 bytes).
  struct Buffer {
    var mask: UInt32 = 0
    var blockSize: UInt32 = 0
    var attributes: UInt64 = 0
    var linkCount: UInt32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
    var mode: UInt16 = 0
    var padding0: UInt16 = 0
    var inode: UInt64 = 0
    var size: UInt64 = 0
    var blocks: UInt64 = 0
    var attributesMask: UInt64 = 0
    var accessed = Timestamp()
    var born = Timestamp()
    var changed = Timestamp()
    var modified = Timestamp()
    var rdevMajor: UInt32 = 0
    var rdevMinor: UInt32 = 0
    var devMajor: UInt32 = 0
    var devMinor: UInt32 = 0
    var spare:
      (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64
      ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// The `stat` fields as `stat(2)` fills them, and the birth time when reported.
    var status: FileStatus {
      var info = stat()
      info.st_dev = dev_t(Self.makeDevice(major: devMajor, minor: devMinor))
      info.st_ino = ino_t(inode)
      info.st_mode = mode_t(mode)
      info.st_nlink = nlink_t(linkCount)
      info.st_uid = uid_t(uid)
      info.st_gid = gid_t(gid)
      info.st_rdev = dev_t(Self.makeDevice(major: rdevMajor, minor: rdevMinor))
      info.st_size = off_t(Int64(bitPattern: size))
      info.st_blksize = blksize_t(blockSize)
      info.st_blocks = blkcnt_t(Int64(bitPattern: blocks))
      info.st_atim = timespec(tv_sec: Int(accessed.seconds), tv_nsec: Int(accessed.nanoseconds))
      info.st_mtim = timespec(tv_sec: Int(modified.seconds), tv_nsec: Int(modified.nanoseconds))
      info.st_ctim = timespec(tv_sec: Int(changed.seconds), tv_nsec: Int(changed.nanoseconds))
      let hasBirth = mask & StatxCall.birthTime != 0 && (born.seconds != 0 || born.nanoseconds != 0)
      return FileStatus(
        info: info, birth: hasBirth ? (Int(born.seconds), Int(born.nanoseconds)) : nil)
    }

    /// Glibc's `makedev`: the `st_dev` that `stat(2)` reports for a major and minor number.
    static func makeDevice(major: UInt32, minor: UInt32) -> UInt64 {
      let major = UInt64(major)
      let minor = UInt64(minor)
      return ((major & 0xffff_f000) << 32) | ((major & 0x0000_0fff) << 8)
        | ((minor & 0xffff_ff00) << 12) | (minor & 0x0000_00ff)
    }
  }
}
