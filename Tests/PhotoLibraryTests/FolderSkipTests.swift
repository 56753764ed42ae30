import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// Every file of the library that is not shown is accounted for, with its reason.
@Suite struct FolderSkipTests {
  static let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]

  /// A library with one of each kind of entry, and a file beside it.
  static func makeTree() throws -> (tree: LibraryTree, outside: URL) {
    let tree = try LibraryTree()
    let outside = tree.root.deletingLastPathComponent().appendingPathComponent(
      tree.root.lastPathComponent + "-outside.jpg")
    try Data(FolderFixtures.jpeg4x2).write(to: outside)
    try tree.file("a.jpg")
    try tree.file("screenshot.txt", FolderFixtures.png3x5)  // A PNG whatever its extension says.
    try tree.file("notes.jpg", Array("not an image".utf8))  // Not a JPEG whatever it says.
    try tree.file("empty.png", [])
    try tree.file(".hidden.jpg")
    try tree.file(".hidden-album/b.jpg")
    try tree.file("album/c.png", FolderFixtures.png3x5)
    try tree.file("album/nested/d.jpg")
    #expect(mkfifo(tree.root.appendingPathComponent("pipe.jpg").path, 0o600) == 0)
    try tree.link("outside-link.jpg", to: outside.path)
    try tree.link("escape", to: "..")
    try tree.link("album/nested/loop", to: "../..")
    try tree.link("album/link-to-a.jpg", to: "../a.jpg")
    try tree.link("Favorites", to: "album/nested")
    try tree.link("gone.jpg", to: "missing.jpg")
    return (tree, outside)
  }

  @Test func everyEntryThatIsNotAnAssetIsCountedByReason() throws {
    let (tree, outside) = try Self.makeTree()
    defer {
      tree.remove()
      try? FileManager.default.removeItem(at: outside)
    }
    let scan = FolderLibrary(root: tree.root).scan()
    #expect(
      scan.assets.map(\.id).sorted() == [
        "Favorites/d.jpg", "a.jpg", "album/c.png", "album/link-to-a.jpg", "album/nested/d.jpg",
        "screenshot.txt",
      ])
    let reasons = Dictionary(uniqueKeysWithValues: scan.skipped.map { ($0.path, $0.reason) })
    #expect(
      reasons == [
        "notes.jpg": .notAnImage, "empty.png": .notAnImage, "pipe.jpg": .notAnImage,
        "outside-link.jpg": .linkOutsideLibrary, "escape": .linkOutsideLibrary,
        "album/nested/loop": .linkLoop, "Favorites/loop": .linkLoop,
        "gone.jpg": .danglingLink,
      ])
    #expect(
      scan.skippedSummary
        == "8 skipped: 3 not images, 1 dangling link, 2 links out of the library, 2 link loops")
    // Files that are not images are no problem; links not followed are.
    #expect(
      Set(scan.problems.map(\.path)) == [
        "outside-link.jpg", "escape", "album/nested/loop", "Favorites/loop", "gone.jpg",
      ])
  }

  @Test func nothingSkippedHasNoSummary() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("a.jpg")
    try tree.file(".IMG.jpg.tmp-999-abc", Array(FolderFixtures.jpeg4x2.prefix(100)))
    let scan = FolderLibrary(root: tree.root).scan()
    #expect(scan.skipped.isEmpty)
    #expect(scan.skippedSummary == nil)
  }

  @Test func namesThatAreNotUTF8AreCountedAsUnreadable() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("a.jpg")
    for byte: UInt8 in [0xFF, 0xFE] {
      let name = Array((tree.root.path + "/bad-").utf8) + [byte] + Array(".jpg".utf8) + [0]
      let fd = name.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644)
        }
      }
      try #require(fd >= 0)
      close(fd)
    }
    let scan = FolderLibrary(root: tree.root).scan()
    #expect(scan.assets.map(\.id) == ["a.jpg"])
    #expect(scan.skipped.map(\.path) == ["."])
    #expect(scan.skippedSummary == "2 skipped: 2 unreadable")
  }
}
