import Foundation
import PhotoLibrary
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// An Info.plist is read through the file layer: a special file is refused at once.
@Suite struct InfoPlistFileTests {
  @Test func aFIFONamedAsTheInfoPlistIsRefusedWithoutBlocking() throws {
    let folder = try TestPaths.makeTemporaryDirectory("plist-fifo")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("Info.plist")
    try #require(mkfifo(fifo.path, 0o600) == 0)
    #expect {
      try InfoPlist(contentsOf: fifo)
    } throws: { error in
      "\(error)".contains("Info.plist") && "\(error)".contains("FIFO")
    }
  }
}
