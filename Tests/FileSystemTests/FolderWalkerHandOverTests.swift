import FileSystem
import Foundation
import Testing

/// A walk that hands over one folder at a time gives a whole walk's files and skips, folder by
/// folder; walked ahead on its own thread it gives the same, and stops where it is told to.
@Suite struct FolderWalkerHandOverTests {
  let root: String

  init() throws {
    root = NSTemporaryDirectory() + "photogate-walk-hand-over-\(UUID().uuidString)"
    // Enough files in one folder that its entries are examined on every core.
    try FileManager.default.createDirectory(
      atPath: root + "/Big", withIntermediateDirectories: true)
    for number in 0..<1100 {
      let path = root + String(format: "/Big/f%04d.jpg", number)
      #expect(FileManager.default.createFile(atPath: path, contents: Data([1])))
    }
    for path in ["A/B", "C"] {
      try FileManager.default.createDirectory(
        atPath: root + "/" + path, withIntermediateDirectories: true)
    }
    for file in ["top.jpg", "A/a.jpg", "A/B/b.jpg", "C/c.jpg"] {
      #expect(FileManager.default.createFile(atPath: root + "/" + file, contents: Data([1])))
    }
    try FileManager.default.createSymbolicLink(
      atPath: root + "/C/out.jpg", withDestinationPath: "/etc")
    try FileManager.default.createSymbolicLink(atPath: root + "/L", withDestinationPath: "A")
  }

  @Test(arguments: [false, true])
  func theFoldersJoinedAreTheWholeWalk(ahead: Bool) {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let walker = FolderWalker(root: URL(fileURLWithPath: root))
    let whole = walker.walk()
    var folders: [String] = []
    var files: [FolderEntry] = []
    var skips: [FolderSkip] = []
    let body: (String, [FolderEntry], ArraySlice<FolderSkip>) -> Bool = {
      folder, entries, skipped in
      folders.append(folder)
      files += entries
      skips += skipped
      return true
    }
    let handedOver = ahead ? walker.walkAhead(folderListed: body) : walker.walk(folderListed: body)
    #expect(files == whole.files)
    #expect(files.count == 1100 + 6, "top, a, b, c, and a and b again through the link L")
    #expect(skips == whole.skipped && handedOver.skipped == whole.skipped)
    #expect(handedOver.files.isEmpty, "no file is kept")
    #expect(folders == ["", "A", "A/B", "Big", "C", "L", "L/B"])
  }

  @Test(arguments: [false, true])
  func theWalkStopsWhereItIsTold(ahead: Bool) {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let walker = FolderWalker(root: URL(fileURLWithPath: root))
    var folders: [String] = []
    let body: (String, [FolderEntry], ArraySlice<FolderSkip>) -> Bool = { folder, _, _ in
      folders.append(folder)
      return folders.count < 2
    }
    _ = ahead ? walker.walkAhead(folderListed: body) : walker.walk(folderListed: body)
    #expect(folders == ["", "A"])
  }
}
