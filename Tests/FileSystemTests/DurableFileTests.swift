import FileSystem
import Foundation
import Testing

/// The one durable atomic write, and the clean-up of what killed writers leave.
@Suite struct DurableFileTests {
  let folder: String

  init() throws {
    folder = NSTemporaryDirectory() + "photogate-durable-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test(arguments: [DurableFile.Durability.synced, .renamed])
  func replacesTheFileWithExactlyTheModeAskedForAndLeavesNothingElse(
    durability: DurableFile.Durability
  ) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/state.json"
    let previous = umask(0o077)
    defer { umask(previous) }
    try DurableFile.write(Array("old".utf8), to: path, mode: 0o644, durability: durability)
    try DurableFile.write(Array("new".utf8), to: path, mode: 0o640, durability: durability)
    #expect(try POSIX.readFile(path) == Array("new".utf8))
    #expect(try POSIX.entryInfo(path).st_mode & 0o777 == 0o640)
    #expect(try names() == ["state.json"])
  }

  @Test func aFailedWriteNamesTheTargetAndLeavesNoTemporaryFile() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/missing/state.json"
    let error = try #require(throws: SystemError.self) {
      try DurableFile.write([1], to: path, mode: 0o600)
    }
    #expect(error.path == path)
    #expect(error.code == ENOENT)
    #expect(error.description == "\(path): open failed: No such file or directory")
    #expect(try names().isEmpty)
  }

  @Test func temporaryNamesAreHidden() {
    #expect(DurableFile.temporaryPrefix(for: "a.png") == ".a.png.tmp-")
    #expect(DurableFile.isTemporaryName(".a.png.tmp-12-x"))
    #expect(!DurableFile.isTemporaryName("a.png.tmp-12-x"))
    #expect(!DurableFile.isTemporaryName(".hidden.png"))
  }

  @Test func removeAbandonedDeletesOnlyOldTemporaryFiles() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let old = Date().addingTimeInterval(-3600)
    for name in [".a.png.tmp-1-x", ".b.png.tmp-2-y", ".hidden.png", "c.png"] {
      _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data([1]))
      if name != ".b.png.tmp-2-y" {
        try FileManager.default.setAttributes(
          [.modificationDate: old], ofItemAtPath: folder + "/" + name)
      }
    }
    #expect(DurableFile.removeAbandoned(in: folder, olderThan: 600) == 1)
    #expect(try names() == [".b.png.tmp-2-y", ".hidden.png", "c.png"])
  }

  @Test func readPrefixReadsAtMostTheLimitAndGivesTheSize() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/bytes"
    try DurableFile.write(Array(0..<100), to: path, mode: 0o600, durability: .renamed)
    let (bytes, size) = try POSIX.readPrefix(path, limit: 10)
    #expect(bytes == Array(0..<10))
    #expect(size == 100)
    let error = try #require(throws: SystemError.self) { try POSIX.readFile(folder) }
    #expect(error.code == EISDIR && error.path == folder)
  }
}
