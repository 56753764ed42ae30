import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// Symbolic links in the library: followed to files and folders inside the root, never out of
/// it, never into a loop; every link not followed is counted as skipped with its reason.
@Suite struct FolderSymlinkTests {
  /// One case: links to add (path → verbatim destination; "OUTSIDE" stands for a folder
  /// beside the library), the ids expected besides the base tree's, and the expected problems
  /// (path → fragment of the reason, and the reason it is counted under).
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var links: [String: String]
    var extraIDs: [String] = []
    var problems: [String: String] = [:]
    var skipped: [String: SkippedFile.Reason] = [:]
    var testDescription: String { name }
  }

  /// The base tree: real.jpg and Trips/a.jpg.
  static let baseIDs = ["Trips/a.jpg", "real.jpg"]

  @Test(arguments: [
    Case(
      name: "link to a file in the root", links: ["alias.jpg": "real.jpg"], extraIDs: ["alias.jpg"]),
    Case(
      name: "relative link from an album", links: ["Trips/best.jpg": "../real.jpg"],
      extraIDs: ["Trips/best.jpg"]),
    Case(
      name: "absolute link inside", links: ["abs.jpg": "ROOT/Trips/a.jpg"], extraIDs: ["abs.jpg"]),
    Case(
      name: "link to a file outside", links: ["escape.jpg": "OUTSIDE/outside.jpg"],
      problems: ["escape.jpg": "outside the library"],
      skipped: ["escape.jpg": .linkOutsideLibrary]),
    Case(
      name: "relative escape with ..", links: ["Trips/up.jpg": "../../OUTSIDE_NAME/outside.jpg"],
      problems: ["Trips/up.jpg": "outside the library"],
      skipped: ["Trips/up.jpg": .linkOutsideLibrary]),
    Case(
      name: "link to a folder outside", links: ["Elsewhere": "OUTSIDE"],
      problems: ["Elsewhere": "outside the library"],
      skipped: ["Elsewhere": .linkOutsideLibrary]),
    Case(
      name: "link to an album folder inside is walked under its own name",
      links: ["Favorites": "Trips"], extraIDs: ["Favorites/a.jpg"]),
    Case(
      name: "link to a nested folder inside", links: ["Trips/Best": "../Trips/Deep"],
      extraIDs: ["Trips/Best/b.jpg"]),
    Case(
      name: "link to the root itself", links: ["Trips/home": ".."],
      problems: ["Trips/home": "loop"], skipped: ["Trips/home": .linkLoop]),
    Case(
      name: "link to its own folder", links: ["Trips/here": "."],
      problems: ["Trips/here": "loop"], skipped: ["Trips/here": .linkLoop]),
    Case(
      name: "loop between two folder links", links: ["Trips/x": "../y", "y": "Trips/x"],
      problems: ["Trips/x": "loop", "y": "loop"], skipped: ["Trips/x": .linkLoop, "y": .linkLoop]),
    Case(
      name: "self loop", links: ["self.jpg": "self.jpg"], problems: ["self.jpg": "loop"],
      skipped: ["self.jpg": .linkLoop]),
    Case(
      name: "dangling link", links: ["gone.jpg": "missing.jpg"],
      problems: ["gone.jpg": "broken symbolic link"], skipped: ["gone.jpg": .danglingLink]),
    Case(name: "hidden link", links: [".alias.jpg": "real.jpg"]),
  ])
  func symbolicLinks(_ testCase: Case) throws {
    let tree = try LibraryTree()
    let outside = try TestPaths.makeTemporaryDirectory("outside")
    defer {
      tree.remove()
      try? FileManager.default.removeItem(at: outside)
    }
    try Data(FolderFixtures.jpeg4x2).write(to: outside.appendingPathComponent("outside.jpg"))
    try tree.file("real.jpg")
    try tree.file("Trips/a.jpg")
    if testCase.links.keys.contains("Trips/Best") { try tree.file("Trips/Deep/b.jpg") }
    for (path, destination) in testCase.links {
      let resolved =
        destination
        .replacingOccurrences(of: "OUTSIDE_NAME", with: outside.lastPathComponent)
        .replacingOccurrences(of: "OUTSIDE", with: outside.path)
        .replacingOccurrences(of: "ROOT", with: tree.root.path)
      try tree.link(path, to: resolved)
    }
    let scan = FolderLibrary(root: tree.root).scan()
    let deep = testCase.links.keys.contains("Trips/Best") ? ["Trips/Deep/b.jpg"] : []
    #expect(
      scan.assets.map(\.id).sorted() == (Self.baseIDs + deep + testCase.extraIDs).sorted())
    #expect(
      Dictionary(uniqueKeysWithValues: scan.skipped.map { ($0.path, $0.reason) })
        == testCase.skipped)
    #expect(Set(scan.problems.map(\.path)) == Set(testCase.problems.keys))
    for problem in scan.problems {
      let fragment = testCase.problems[problem.path] ?? "?"
      #expect(problem.reason.contains(fragment), "\(problem)")
    }
  }

  @Test func aLinkedFileKeepsItsAlbumAndTheTargetsSize() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("portrait.png", FolderFixtures.png3x5)
    try tree.folder("Pets")
    try tree.link("Pets/cat.png", to: "../portrait.png")
    let asset = try #require(FolderLibrary(root: tree.root).scan().asset(withID: "Pets/cat.png"))
    #expect(asset.album == "Pets")
    #expect((asset.pixelWidth, asset.pixelHeight) == (3, 5))
  }

  @Test func aLibraryRootThatIsALinkIsFollowed() throws {
    let tree = try LibraryTree()
    let holder = try TestPaths.makeTemporaryDirectory("holder")
    defer {
      tree.remove()
      try? FileManager.default.removeItem(at: holder)
    }
    try tree.file("Trips/a.jpg")
    let link = holder.appendingPathComponent("Pictures")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: tree.root)
    let scan = FolderLibrary(root: link).scan()
    #expect(scan.assets.map(\.id) == ["Trips/a.jpg"])
    #expect(scan.assets.first?.url.path == link.path + "/Trips/a.jpg")
    #expect(scan.problems.isEmpty)
  }
}
