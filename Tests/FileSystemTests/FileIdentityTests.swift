import FileSystem
import Foundation
import Testing

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// `statx` answers as `stat` does, and a file's identity follows the file, not its name.
@Suite struct FileIdentityTests {
  let folder: String

  init() throws { folder = try makeTemporaryFolder("identity") }

  @Test func statusGivesTheFieldsStatGives() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/a.jpg"
    try DurableFile.write(Array("photo".utf8), to: path, mode: 0o640)
    symlink(path, folder + "/link")
    for (name, follow) in [("a.jpg", false), ("link", false), ("link", true)] {
      let status = try POSIX.status(folder + "/" + name, followLinks: follow)
      let info =
        try follow ? POSIX.targetInfo(folder + "/link") : POSIX.entryInfo(folder + "/" + name)
      #expect(FileSignature(status.info) == FileSignature(info), "\(name)")
      #expect(status.info.st_mode == info.st_mode)
      #expect(status.info.st_nlink == info.st_nlink)
    }
    #expect(throws: SystemError.self) { try POSIX.status(folder + "/missing", followLinks: false) }
  }

  @Test func anEditInPlaceARenameAndAChmodKeepTheIdentityANewFileUnderTheNameDoesNot() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/one.png"
    func identity() throws -> FileIdentity { try POSIX.status(path, followLinks: false).identity }
    try DurableFile.write(Array("first".utf8), to: path, mode: 0o644)
    let first = try identity()
    // Rewritten in place (O_TRUNC keeps the inode), its mode changed, renamed away and back.
    let fd = open(path, O_WRONLY | O_TRUNC)
    try POSIX.writeAll(fd, Array("edited".utf8))
    close(fd)
    chmod(path, 0o600)
    rename(path, folder + "/other.png")
    rename(folder + "/other.png", path)
    if try POSIX.status(path, followLinks: false).birth != nil {
      #expect(try identity() == first)
    }
    // Deleted, and a new file saved under the name (ext4 hands out the freed inode again).
    unlink(path)
    try DurableFile.write(Array("first".utf8), to: path, mode: 0o644)
    #expect(try identity() != first)
  }
}
