import Foundation
import PhotoLibrary
import Testing

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The reads and copies PhotoKit's and PhotosUI's stand-ins make: a FIFO or a file over the
/// limit is refused at once with an error naming it, and nothing is ever replaced.
@Suite struct FileContentsTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("photogate-contents-\(UUID().uuidString)")
    try FileContents.makeFolder(folder)
  }

  @Test func aFIFOIsRefusedWithoutWaitingAndAFileOverTheLimitIsRefused() throws {
    defer { FileContents.remove(folder) }
    let pipe = folder.appendingPathComponent("pipe.jpg")
    #expect(mkfifo(pipe.path, 0o644) == 0)
    for read in [
      { _ = try FileContents.data(of: pipe) },
      { try FileContents.forEachChunk(of: pipe, chunkSize: 16) { _ in true } },
      { try FileContents.copy(pipe, to: folder.appendingPathComponent("copy.jpg")) },
    ] {
      #expect {
        try read()
      } throws: { error in
        "\(error)".hasPrefix(pipe.path + ": is a FIFO (named pipe), not a regular file")
      }
    }
    let photo = folder.appendingPathComponent("photo.jpg")
    try FileContents.write(Data(repeating: 1, count: 40), to: photo)
    #expect(throws: LibraryError.self) { try FileContents.data(of: photo, limit: 39) }
    #expect(try FileContents.data(of: photo, limit: 40).count == 40)
  }

  @Test func chunksStreamTheFileAndACopyNeverReplaces() throws {
    defer { FileContents.remove(folder) }
    let photo = folder.appendingPathComponent("photo.jpg")
    let bytes = Data((0..<1000).map { UInt8($0 % 256) })
    try FileContents.write(bytes, to: photo)
    var chunks: [Int] = []
    var joined = Data()
    try FileContents.forEachChunk(of: photo, chunkSize: 300) { chunk in
      chunks.append(chunk.count)
      joined += chunk
      return true
    }
    #expect(chunks == [300, 300, 300, 100])
    #expect(joined == bytes)
    let copy = folder.appendingPathComponent("copy.jpg")
    try FileContents.copy(photo, to: copy)
    #expect(try FileContents.data(of: copy) == bytes)
    #expect(throws: LibraryError.self) { try FileContents.copy(photo, to: photo) }
    #expect(try FileContents.data(of: photo) == bytes)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "copy.jpg", "photo.jpg",
      ])
  }
}
