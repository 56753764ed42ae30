import FileSystem
import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// An observed library with an index looks again only at the folders a change was heard in,
/// and what it keeps is what a whole scan gives.
@Suite struct PartialLookTests {
  /// What a listing says about each asset, the library's root aside.
  struct Listed: Equatable, CustomStringConvertible {
    var id: String
    var date: Date
    var size: [Int]
    var album: String?
    var description: String { "\(id) \(date.timeIntervalSince1970) \(size)" }

    init(_ asset: Asset) {
      id = asset.id
      date = asset.creationDate
      size = [asset.pixelWidth, asset.pixelHeight]
      album = asset.album
    }
  }

  static func listing(_ scan: FolderScan) -> [Listed] { scan.assets.map(Listed.init) }
  static func skipped(_ scan: FolderScan) -> Set<String> {
    Set(scan.skipped.map { "\($0.path) \($0.reason)" })
  }

  /// Random steps (add, delete, rename within and across folders, touch, rewrite, a new folder
  /// with a photo, a folder deleted or renamed): after each, the observed library's kept
  /// listing becomes what a fresh scan without an index gives.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func theKeptListingEqualsAFreshScanAfterRandomChanges(seed: UInt64) throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    let tree = fixture.tree
    var random = SeededGenerator(seed: seed)
    var files: [String] = []
    for number in 0..<12 {
      let name = ["", "Album1/", "Album2/Sub/"][number % 3] + "file\(number).jpg"
      try tree.file(name, LibraryIndexTests.contents.randomElement(using: &random)!)
      files.append(name)
    }
    let library = fixture.library
    let fresh = FolderLibrary(root: tree.root, index: .none)
    let recorder = ChangeRecorder()
    let observation = library.observe(detection: .automatic) { recorder.record($0) }
    defer { observation.cancel() }
    var folders = ["Album1", "Album2/Sub"]
    for step in 0..<24 {
      let url = { (id: String) in tree.root.appendingPathComponent(id) }
      let index = Int.random(in: 0..<files.count, using: &random)
      switch Int.random(in: 0..<8, using: &random) {
      case 0, 1:
        let name =
          (["", "Album1/", "Album2/Sub/"] + folders.map { $0 + "/" })
          .randomElement(using: &random)! + "new\(step).jpg"
        try tree.file(name, LibraryIndexTests.contents.randomElement(using: &random)!)
        files.append(name)
      case 2 where files.count > 3:
        try FileManager.default.removeItem(at: url(files[index]))
        files.remove(at: index)
      case 3:
        let name = "Album1/moved\(step).jpg"
        try FileManager.default.moveItem(at: url(files[index]), to: url(name))
        files[index] = name
      case 4:
        try FileManager.default.setAttributes(
          [.modificationDate: Date(timeIntervalSince1970: Double(1_600_000_000 + step))],
          ofItemAtPath: url(files[index]).path)
      case 5:
        let folder = "Fresh\(step)"
        try tree.file(folder + "/photo.jpg", FolderFixtures.jpeg4x2)
        files.append(folder + "/photo.jpg")
        folders.append(folder)
      case 6 where folders.count > 2:
        let folder = folders.removeLast()
        let renamed = folder + "-renamed"
        try FileManager.default.moveItem(at: url(folder), to: url(renamed))
        files = files.map { $0.hasPrefix(folder + "/") ? renamed + $0.dropFirst(folder.count) : $0 }
        folders.append(renamed)
      case 7 where folders.count > 2:
        let folder = folders.removeLast()
        try FileManager.default.removeItem(at: url(folder))
        files.removeAll { $0.hasPrefix(folder + "/") }
      default:
        try tree.file(files[index], LibraryIndexTests.contents.randomElement(using: &random)!)
      }
      let expected = fresh.scan()
      // A change to files that are not images sends no notice: wait for the kept scan itself.
      let settled = recorder.wait { _ in
        let kept = library.currentScan()
        return Self.listing(kept) == Self.listing(expected)
          && Self.skipped(kept) == Self.skipped(expected)
      }
      #expect(settled, "seed \(seed), step \(step)")
      if !settled {
        Issue.record("kept: \(Self.listing(library.currentScan()))")
        Issue.record("fresh: \(Self.listing(expected))")
        return
      }
    }
  }

  @Test func aLookAtOneFolderMergesIntoTheWholeListing() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    let tree = fixture.tree
    for number in 0..<6 {
      try tree.file("Album\(number % 2)/p\(number).jpg", mtime: instant(Double(number * 60)))
    }
    let library = fixture.library
    var baseline: FolderSnapshot? = FolderSnapshot()
    let walk = FolderWalker(root: tree.root).walk()
    let previous = library.scanFolder(walk, in: nil, baseline: &baseline)
    try tree.file("Album1/new.jpg", mtime: instant(150))
    try FileManager.default.removeItem(at: tree.root.appendingPathComponent("Album1/p3.jpg"))
    try tree.file("Album0/untouched.jpg", mtime: instant(10))  // not in the region looked at
    var snapshot = try #require(baseline)
    let (scan, change, _) = try #require(
      library.partialScan(
        of: [LibraryRegion(folder: "Album1", includesSubfolders: false)], previous: previous,
        baseline: &snapshot, willList: { _ in }))
    #expect(
      scan.assets.map(\.id) == [
        "Album1/p5.jpg", "Album0/p4.jpg", "Album1/new.jpg", "Album0/p2.jpg", "Album1/p1.jpg",
        "Album0/p0.jpg",
      ])
    #expect(change.inserted == ["Album1/new.jpg"])
    #expect(change.removed == ["Album1/p3.jpg"])
    #expect(change.changed.isEmpty)
    #expect(snapshot["Album1/new.jpg"]?.isImage == true)
    #expect(snapshot["Album1/p3.jpg"] == nil)
    #expect(snapshot["Album0/untouched.jpg"] == nil, "only Album1 was looked at")
  }

  @Test func aLibraryWithASymbolicLinkIsAlwaysLookedAtWhole() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    let tree = fixture.tree
    try tree.file("Album/p.jpg")
    try tree.link("Linked", to: "Album")
    let library = fixture.library
    var baseline: FolderSnapshot? = FolderSnapshot()
    let walk = FolderWalker(root: tree.root).walk()
    baseline?.followsLinks = walk.followsLinks
    let previous = library.scanFolder(walk, in: nil, baseline: &baseline)
    var snapshot = try #require(baseline)
    #expect(snapshot.followsLinks)
    #expect(
      library.partialScan(
        of: [LibraryRegion(folder: "Album", includesSubfolders: false)], previous: previous,
        baseline: &snapshot, willList: { _ in }) == nil)
  }

  struct RegionCase: Sendable, CustomTestStringConvertible {
    var folder: String
    var mask: Int32
    var name: String
    var region: LibraryRegion?
    var testDescription: String { "\(folder)|\(name) mask \(mask)" }
  }

  /// Which part of the library an inotify event sends the watcher to look at again.
  @Test(
    arguments: [
      RegionCase(
        folder: "A", mask: IN_CREATE, name: "p.jpg",
        region: LibraryRegion(folder: "A", includesSubfolders: false)),
      RegionCase(
        folder: "", mask: IN_CLOSE_WRITE, name: "p.jpg",
        region: LibraryRegion(folder: "", includesSubfolders: false)),
      RegionCase(
        folder: "A", mask: IN_CREATE | IN_ISDIR, name: "B",
        region: LibraryRegion(folder: "A/B", includesSubfolders: true)),
      RegionCase(
        folder: "", mask: IN_MOVED_FROM | IN_ISDIR, name: "B",
        region: LibraryRegion(folder: "B", includesSubfolders: true)),
      RegionCase(
        folder: "A", mask: IN_ATTRIB | IN_ISDIR, name: "",
        region: LibraryRegion(folder: "A", includesSubfolders: true)),
      RegionCase(
        folder: "A/B", mask: IN_DELETE_SELF, name: "",
        region: LibraryRegion(folder: "A/B", includesSubfolders: true)),
      RegionCase(folder: "", mask: IN_DELETE_SELF, name: "", region: nil),
      RegionCase(folder: "", mask: IN_MOVE_SELF, name: "", region: nil),
    ])
  func anEventNamesTheRegionToLookAt(_ row: RegionCase) {
    let event = InotifyEvent(watch: 1, mask: UInt32(row.mask), name: row.name)
    #expect(event.region(folder: row.folder) == row.region)
  }

  @Test func regionsInsideAWholeSubtreeAreDropped() {
    let regions = LibraryRegion.reduced([
      LibraryRegion(folder: "A", includesSubfolders: true),
      LibraryRegion(folder: "A/B", includesSubfolders: false),
      LibraryRegion(folder: "A", includesSubfolders: false),
      LibraryRegion(folder: "AB", includesSubfolders: false),
    ])
    #expect(
      regions == [
        LibraryRegion(folder: "A", includesSubfolders: true),
        LibraryRegion(folder: "AB", includesSubfolders: false),
      ])
  }
}
