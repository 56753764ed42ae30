import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// A file without a name (`open(2)` with `O_TMPFILE`, else `mkstemp(3)` and `unlink(2)`) that
/// holds bytes a caller keeps out of memory, written once and read back as often as needed:
/// the watcher's baseline of a large library lives in one, each folder read back when a look
/// compares or changes that folder, not held in memory for the whole observation.
///
/// A region nothing refers to any more is given back (see ``SpilledRegion``) and its room used
/// again, so the file stays about the size of what is kept in it. The file is gone when the
/// last region and reference are.
package final class SpillFile: Sendable {
  private let descriptor: Int32
  private struct Space {
    var end = 0
    /// Given-back ranges, in no order.
    var free: [Range<Int>] = []
  }
  private let space = Mutex(Space())

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }

  /// A new spill file in `folder` (a folder on disk: a `tmpfs` would hold it in memory), or
  /// nil when none can be made there.
  package static func make(in folder: String) -> SpillFile? {
    let anonymous = open(folder, O_RDWR | O_CLOEXEC | Self.temporaryFile, 0o600)
    if anonymous >= 0 { return SpillFile(descriptor: anonymous) }
    var template = Array((folder + "/.photogate-spill-XXXXXX").utf8CString)
    let named = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard named >= 0 else { return nil }
    _ = fcntl(named, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return SpillFile(descriptor: named)
  }

  /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Swift's `Glibc` does not declare (glibc
  /// does only under `_GNU_SOURCE`); a kernel or file system without it refuses the open.
  private static let temporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY

  /// Writes `bytes` into a free range (or at the end): the region, or nil when the write
  /// fails (the caller keeps the bytes in memory).
  package func write(_ bytes: [UInt8]) -> SpilledRegion? {
    let range = space.withLock { space -> Range<Int> in
      if let place = space.free.firstIndex(where: { $0.count >= bytes.count }) {
        let found = space.free[place]
        if found.count == bytes.count {
          space.free.remove(at: place)
        } else {
          space.free[place] = (found.lowerBound + bytes.count)..<found.upperBound
        }
        return found.lowerBound..<(found.lowerBound + bytes.count)
      }
      defer { space.end += bytes.count }
      return space.end..<(space.end + bytes.count)
    }
    let written = (try? POSIX.writeAll(descriptor, bytes, at: range.lowerBound)) != nil
    guard written else {
      giveBack(range)
      return nil
    }
    return SpilledRegion(file: self, range: range)
  }

  /// The bytes of `range`, or nil when they cannot be read back.
  fileprivate func read(_ range: Range<Int>) -> [UInt8]? {
    let bytes = try? POSIX.readChunk(descriptor, count: range.count, at: range.lowerBound)
    return bytes?.count == range.count ? bytes : nil
  }

  /// Frees `range`, joined with the free ranges next to it (and the file's end pulled back
  /// when it is the last).
  fileprivate func giveBack(_ range: Range<Int>) {
    space.withLock { space in
      var freed = range
      if let before = space.free.firstIndex(where: { $0.upperBound == freed.lowerBound }) {
        freed = space.free.remove(at: before).lowerBound..<freed.upperBound
      }
      if let after = space.free.firstIndex(where: { $0.lowerBound == freed.upperBound }) {
        freed = freed.lowerBound..<space.free.remove(at: after).upperBound
      }
      if freed.upperBound == space.end {
        space.end = freed.lowerBound
      } else {
        space.free.append(freed)
      }
    }
  }

  /// The bytes the file takes (its end) and those given back below it.
  package var size: (end: Int, free: Int) {
    space.withLock { space in (space.end, space.free.reduce(0) { $0 + $1.count }) }
  }
}

/// Bytes written to a ``SpillFile``: read back as often as needed, and given back to the file
/// when the last reference to them is gone.
package final class SpilledRegion: Sendable {
  package let file: SpillFile
  package let range: Range<Int>

  fileprivate init(file: SpillFile, range: Range<Int>) {
    self.file = file
    self.range = range
  }

  deinit { file.giveBack(range) }

  /// The bytes, or nil when the file could not be read.
  package func read() -> [UInt8]? { file.read(range) }
}
