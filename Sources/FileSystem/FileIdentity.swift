/// What makes a file that file for as long as it exists, whatever its name: a new file is a
/// new identity even when it takes a deleted file's name and inode number.
///
/// Made of the inode number and the birth time (`statx(2)`'s `STATX_BTIME`, to the
/// nanosecond), which survive `chmod`, renames, hard links and edits in place, and differ for
/// a new file even when the file system reuses the inode number. The device number is left
/// out, so that a disk mounted again under another number keeps its identities; two files of
/// two disks with the same inode number born in the same nanosecond are not expected.
///
/// Where the file system reports no birth time, the inode number and the modification time
/// stand in: an edit in place by another program then makes a new identity. That errs on the
/// safe side: a record made for the old file no longer applies (nothing is shown that was not
/// given), never the other way round.
///
/// Kept as a 64-bit digest (FNV-1a of those numbers): stable across processes and machines, 8
/// bytes per listed file, and compared only with the identity recorded for the same name. A
/// digest is never 0, so that 0 can stand for "none" where a listing keeps many.
package struct FileIdentity: Sendable, Hashable {
  /// The digest.
  package var value: UInt64

  package init(value: UInt64) { self.value = value }

  /// The identity of the file `status` describes.
  package init(_ status: FileStatus) {
    var hash = Digest()
    hash.add(UInt64(status.info.st_ino))
    if let birth = status.birth {
      hash.add(1)
      hash.add(UInt64(bitPattern: Int64(birth.seconds)))
      hash.add(UInt64(birth.nanoseconds))
    } else {
      hash.add(2)
      hash.add(UInt64(bitPattern: Int64(status.info.st_mtim.tv_sec)))
      hash.add(UInt64(status.info.st_mtim.tv_nsec))
    }
    value = hash.value == 0 ? 1 : hash.value
  }

  /// 64-bit FNV-1a over the numbers' little-endian bytes.
  private struct Digest {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ number: UInt64) {
      for shift in stride(from: 0, to: 64, by: 8) {
        value ^= (number >> UInt64(shift)) & 0xff
        value = value &* 0x100_0000_01b3
      }
    }
  }
}
