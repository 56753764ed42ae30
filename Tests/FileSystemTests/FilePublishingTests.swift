import FileSystem
import Foundation
import Testing

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Copies with fsync, publishing under a name without replacing, moves across file systems,
/// and the bounded whole-file read.
@Suite struct FilePublishingTests {
  let folder: String

  init() throws { folder = try makeTemporaryFolder("publish") }

  func names(_ path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  @Test func aCopyIsPublishedOnlyUnderAFreeName() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bytes = (0..<(DurableFile.copyChunk + 10)).map { UInt8($0 % 251) }
    try DurableFile.write(bytes, to: folder + "/source.bin", mode: 0o644)
    try DurableFile.write(Array("taken".utf8), to: folder + "/a.bin", mode: 0o644)
    let source = try RegularFile(path: folder + "/source.bin")
    let copy = try DurableFile.copyToTemporary(
      from: source, prefix: Array(bytes.prefix(3)), for: "a.bin", in: folder, mode: 0o600)
    #expect(try POSIX.readFile(copy) == Array(bytes.prefix(3)) + bytes.dropFirst(3))
    #expect(try !DurableFile.publish(copy, as: folder + "/a.bin"), "the name is taken")
    #expect(try POSIX.readFile(folder + "/a.bin") == Array("taken".utf8))
    #expect(try DurableFile.publish(copy, as: folder + "/b.bin"))
    #expect(try POSIX.readFile(folder + "/b.bin") == bytes)
    #expect(try POSIX.entryInfo(folder + "/b.bin").st_mode & 0o777 == 0o600)
    #expect(try names(folder) == ["a.bin", "b.bin", "source.bin"], "no temporary is left")
  }

  @Test func aMoveNeverReplacesAndCopiesAcrossFileSystems() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try DurableFile.write(Array("photo".utf8), to: folder + "/one.jpg", mode: 0o640)
    try DurableFile.write(Array("other".utf8), to: folder + "/two.jpg", mode: 0o644)
    #expect(try !DurableFile.move(folder + "/one.jpg", to: folder + "/two.jpg"))
    #expect(try POSIX.readFile(folder + "/two.jpg") == Array("other".utf8))
    // /dev/shm is a tmpfs: another file system than the temporary folder's, where it exists.
    let shm = "/dev/shm/photogate-publish-\(UUID().uuidString)"
    let other = (try? POSIX.makeDirectories(shm, mode: 0o700)) != nil ? shm : folder + "/sub"
    defer { try? FileManager.default.removeItem(atPath: shm) }
    try POSIX.makeDirectories(other, mode: 0o700)
    #expect(try DurableFile.move(folder + "/one.jpg", to: other + "/one.jpg"))
    #expect(try POSIX.readFile(other + "/one.jpg") == Array("photo".utf8))
    #expect(try POSIX.entryInfo(other + "/one.jpg").st_mode & 0o777 == 0o640)
    #expect(try names(folder) == ["two.jpg"] || other.hasPrefix(folder))
    #expect(try names(other) == ["one.jpg"])
  }

  @Test func theBoundedReadRefusesLargeFilesAndFIFOsNamingThem() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try DurableFile.write(Array(repeating: 7, count: 100), to: folder + "/big.jpg", mode: 0o644)
    #expect(try RegularFile.contents(of: folder + "/big.jpg", limit: 100).count == 100)
    do {
      _ = try RegularFile.contents(of: folder + "/big.jpg", limit: 99)
      Issue.record("a file over the limit was read")
    } catch {
      #expect(error.code == EFBIG)
      #expect(
        "\(error)" == "\(folder)/big.jpg: is 100 bytes, over the limit of 99 bytes for a file")
    }
    #expect(mkfifo(folder + "/pipe.jpg", 0o644) == 0)
    do {
      _ = try RegularFile.contents(of: folder + "/pipe.jpg", limit: 100)
      Issue.record("a FIFO was read")
    } catch {
      #expect("\(error)".contains("\(folder)/pipe.jpg: is a FIFO (named pipe)"))
    }
  }
}
