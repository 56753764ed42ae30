import FileSystem
import Foundation
import Testing

/// A walk of one folder of the tree: the same ids and rules as a whole walk, and an honest
/// answer when the folder is gone, hidden or no longer a real folder.
@Suite struct FolderWalkerPartTests {
  let root: String

  init() throws {
    root = NSTemporaryDirectory() + "photogate-walk-part-\(UUID().uuidString)"
    for path in ["A/B/C", "A/.hidden", "D"] {
      try FileManager.default.createDirectory(
        atPath: root + "/" + path, withIntermediateDirectories: true)
    }
    for file in ["top.jpg", "A/a.jpg", "A/B/b.jpg", "A/B/C/c.jpg", "A/.hidden/h.jpg", "D/d.jpg"] {
      #expect(FileManager.default.createFile(atPath: root + "/" + file, contents: Data([1])))
    }
    try FileManager.default.createSymbolicLink(atPath: root + "/L", withDestinationPath: "D")
  }

  func ids(_ walk: FolderWalk) -> [String] { walk.files.map(\.id) }

  @Test func oneFolderAloneOrWithEverythingBelowIt() {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let walker = FolderWalker(root: URL(fileURLWithPath: root))
    #expect(ids(walker.walk(from: "A", recursive: false)) == ["A/a.jpg"])
    #expect(ids(walker.walk(from: "A/B", recursive: true)) == ["A/B/b.jpg", "A/B/C/c.jpg"])
    #expect(ids(walker.walk(from: "", recursive: false)) == ["top.jpg"])
    let whole = walker.walk()
    #expect(ids(walker.walk(from: "", recursive: true)) == ids(whole))
    #expect(whole.followsLinks, "L is a link")
    #expect(!walker.walk(from: "A", recursive: true).followsLinks)
  }

  @Test func aFolderThatIsGoneOrHiddenIsEmptyAndALinkIsIncomplete() {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let walker = FolderWalker(root: URL(fileURLWithPath: root))
    let gone = walker.walk(from: "A/Gone", recursive: true)
    #expect(gone.files.isEmpty && !gone.isIncomplete && gone.skipped.isEmpty)
    let hidden = walker.walk(from: "A/.hidden", recursive: true)
    #expect(hidden.files.isEmpty && !hidden.isIncomplete)
    let link = walker.walk(from: "L", recursive: true)
    #expect(link.files.isEmpty && link.isIncomplete, "reached through a link: only a whole walk")
    let file = walker.walk(from: "top.jpg", recursive: false)
    #expect(file.isIncomplete)
  }
}
