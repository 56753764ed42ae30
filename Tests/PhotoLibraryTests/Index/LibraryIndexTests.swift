import CSQLite
import FileSystem
import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// The library index: a scan through it equals a fresh scan, and it reads only changed files.
@Suite struct LibraryIndexTests {
  /// The contents a step may write: different formats, sizes, dates and outcomes.
  static let contents: [[UInt8]] = [
    FolderFixtures.jpeg4x2, FolderFixtures.png3x5, FolderFixtures.corruptJPEG,
    FolderFixtures.jpeg(dateTimeOriginal: "2021:05:06 07:08:09"),
    FolderFixtures.jpeg(dateTimeOriginal: "2022:05:06 07:08:09", orientation: 6),
    Array("not an image".utf8),
  ]

  @Test func aSecondScanReadsNoFileAndAChangedFileIsReadAgain() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try fixture.tree.file("a.jpg")
    try fixture.tree.file("Trips/b.png", FolderFixtures.png3x5)
    try fixture.tree.file("Trips/notes.txt", Array("hello".utf8))
    #expect(try fixture.facts().readCount == 3)
    #expect(try fixture.facts().readCount == 0)
    Thread.sleep(forTimeInterval: 0.02)
    try fixture.tree.file(
      "Trips/b.png", FolderFixtures.jpeg(dateTimeOriginal: "2020:01:02 03:04:05"))
    let again = try fixture.facts()
    #expect(again.readCount == 1)
    #expect(again.facts == fixture.freshFacts())
  }

  /// Random add / delete / rename / touch / replace steps: after each, the facts through the
  /// index equal reading every file afresh, and most files come from the index.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func indexedFactsEqualAFreshReadAfterRandomChanges(seed: UInt64) throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    var random = SeededGenerator(seed: seed)
    var names: [String] = []
    for number in 0..<12 {
      let name = (number % 3 == 0 ? "" : "Album\(number % 3)/") + "file\(number).jpg"
      try fixture.tree.file(name, Self.contents.randomElement(using: &random)!)
      names.append(name)
    }
    var reads = 0
    var listed = 0
    for step in 0..<40 {
      // File times are coarser than writes: let a tick pass before the next change.
      Thread.sleep(forTimeInterval: 0.02)
      let index = Int.random(in: 0..<names.count, using: &random)
      let url = fixture.tree.root.appendingPathComponent(names[index])
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        let name = "Album\(step % 3)/new\(step).jpg"
        try fixture.tree.file(name, Self.contents.randomElement(using: &random)!)
        names.append(name)
      case 1 where names.count > 2:
        try FileManager.default.removeItem(at: url)
        names.remove(at: index)
      case 2:
        let name = "renamed\(step).jpg"
        try FileManager.default.moveItem(
          at: url, to: fixture.tree.root.appendingPathComponent(name))
        names[index] = name
      case 3:
        try FileManager.default.setAttributes(
          [.modificationDate: Date(timeIntervalSince1970: Double(1_600_000_000 + step))],
          ofItemAtPath: url.path)
      default:
        try fixture.tree.file(names[index], Self.contents.randomElement(using: &random)!)
      }
      let indexed = try fixture.facts()
      #expect(indexed.facts == fixture.freshFacts(), "seed \(seed), step \(step)")
      reads += indexed.readCount
      listed += indexed.entries.count
    }
    #expect(reads * 4 < listed, "the index served too few files: \(reads) of \(listed) read")
  }

  @Test func aScanThroughTheIndexEqualsAScanWithout() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try fixture.tree.file("a.jpg", FolderFixtures.jpeg(dateTimeOriginal: "2021:01:01 00:00:00"))
    try fixture.tree.file("Trips/b.png", FolderFixtures.png3x5)
    try fixture.tree.file("Trips/bad.jpg", FolderFixtures.corruptJPEG)
    try fixture.tree.file("notes.txt", Array("hello".utf8))
    let plain = FolderLibrary(root: fixture.tree.root, index: .none).scan()
    #expect(plain.assets.count == 3)
    #expect(fixture.library.scan() == plain)
    #expect(fixture.library.scan() == plain)
    #expect(FileManager.default.fileExists(atPath: fixture.indexFile.path))
  }

  @Test func aCorruptIndexIsRebuiltAndReportedOnce() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try fixture.tree.file("a.jpg")
    _ = fixture.library.scan()
    LibraryIndex.remove(fixture.indexFile)
    try Data(repeating: 0x5A, count: 8192).write(to: fixture.indexFile)
    let rebuilt = fixture.library.scan()
    #expect(rebuilt.assets.map(\.id) == ["a.jpg"])
    #expect(rebuilt.problems.map(\.reason).contains { $0.contains("was damaged") })
    let next = fixture.library.scan()
    #expect(next.problems.isEmpty)
    #expect(next.assets.map(\.id) == ["a.jpg"])
  }

  @Test func aDeletedIndexIsRebuiltSilently() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try fixture.tree.file("a.jpg")
    _ = try fixture.facts()
    LibraryIndex.remove(fixture.indexFile)
    let scan = fixture.library.scan()
    #expect(scan.problems.isEmpty)
    #expect(scan.assets.map(\.id) == ["a.jpg"])
    #expect(FileManager.default.fileExists(atPath: fixture.indexFile.path))
  }

  @Test func anIndexOfAnotherSchemaVersionIsEmptied() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try fixture.tree.file("a.jpg")
    try fixture.tree.file("b.jpg")
    #expect(try fixture.facts().readCount == 2)
    let database = try SQLiteDatabase(path: fixture.indexFile.path)
    try database.execute("UPDATE meta SET value = 'old' WHERE key = 'schema'")
    #expect(try fixture.facts().readCount == 2)
    #expect(try fixture.facts().readCount == 0)
  }

  @Test func aLibraryFolderReplacedByAnotherAtTheSamePathIsReadAfresh() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try fixture.tree.file("a.jpg")
    try fixture.tree.file("Trips/b.jpg")
    #expect(try fixture.facts().readCount == 2)
    let away = fixture.tree.root.deletingLastPathComponent()
      .appendingPathComponent(fixture.tree.root.lastPathComponent + "-old")
    try FileManager.default.moveItem(at: fixture.tree.root, to: away)
    defer { try? FileManager.default.removeItem(at: away) }
    try fixture.tree.file("a.jpg", FolderFixtures.png3x5)
    let replaced = try fixture.facts()
    #expect(replaced.readCount == 1)
    #expect(replaced.facts == fixture.freshFacts())
    let database = try SQLiteDatabase(path: fixture.indexFile.path)
    let rows = try database.prepare("SELECT count(*) FROM files")
    _ = try rows.step()
    #expect(rows.int64(0) == 1)
  }

  /// The library folder is never written to: the index lives in its own folder, so a library
  /// on a read-only file system (or a read-only folder) is indexed all the same.
  @Test func theIndexIsKeptOutsideTheLibraryFolder() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try fixture.tree.file("a.jpg")
    try fixture.tree.file("Trips/b.jpg")
    let before = try FileManager.default.subpathsOfDirectory(atPath: fixture.tree.root.path)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o555], ofItemAtPath: fixture.tree.root.path)
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: fixture.tree.root.path)
    }
    #expect(fixture.library.scan().assets.count == 2)
    #expect(try FileManager.default.subpathsOfDirectory(atPath: fixture.tree.root.path) == before)
    #expect(fixture.indexFile.path.hasPrefix(fixture.indexFolder.path + "/"))
    #expect(FileManager.default.fileExists(atPath: fixture.indexFile.path))
  }

  @Test func anIndexFolderThatCannotBeCreatedOnlyCostsTime() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try fixture.tree.file("a.jpg")
    let blocker = fixture.indexFolder.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    let library = FolderLibrary(
      root: fixture.tree.root, index: .folder(blocker.appendingPathComponent("index")))
    let scan = library.scan()
    #expect(scan.assets.map(\.id) == ["a.jpg"])
    #expect(scan.problems.isEmpty)
  }

  @Test func theCacheLocationFollowsXDGAndCanBeTurnedOff() {
    let cache = LibraryIndexLocation.cache
    #expect(
      cache.folder(environment: ["XDG_CACHE_HOME": "/x/cache"])?.path
        == "/x/cache/photogate/library-index")
    #expect(
      cache.folder(environment: ["HOME": "/home/u"])?.path
        == "/home/u/.cache/photogate/library-index")
    #expect(cache.folder(environment: ["PHOTOGATE_LIBRARY_INDEX": "off"]) == nil)
    #expect(
      cache.folder(environment: ["PHOTOGATE_LIBRARY_INDEX": "/elsewhere"])?.path
        == "/elsewhere")
    #expect(LibraryIndexLocation.none.folder(environment: [:]) == nil)
    let one = cache.fileURL(forRealRoot: "/photos/a", environment: ["HOME": "/h"])
    let other = cache.fileURL(forRealRoot: "/photos/b", environment: ["HOME": "/h"])
    #expect(one != nil && one != other)
  }

  /// Two connections updating the same index at once (as two processes do): both finish,
  /// nothing is lost.
  @Test func twoWritersAtOnceBothFinishWithTheRightFacts() async throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    for number in 0..<300 { try fixture.tree.file("Album\(number % 4)/f\(number).jpg") }
    async let first = Task.detached { try fixture.facts().facts }.value
    async let second = Task.detached { try fixture.facts().facts }.value
    let fresh = fixture.freshFacts()
    #expect(try await first == fresh)
    #expect(try await second == fresh)
    #expect(try fixture.facts().readCount == 0)
  }

  @Test func theWatchersFirstSnapshotThroughTheIndexFindsTheSameImages() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try fixture.tree.file("a.jpg")
    try fixture.tree.file("Trips/b.png", FolderFixtures.png3x5)
    try fixture.tree.file("Trips/bad.jpg", FolderFixtures.corruptJPEG)
    try fixture.tree.file("notes.txt", Array("hello".utf8))
    _ = fixture.library.scan()
    let walker = FolderWalker(root: fixture.tree.root)
    let indexed = FolderSnapshot.take(
      walker, previous: FolderSnapshot(), index: .folder(fixture.indexFolder), willList: { _ in })
    let sniffed = FolderSnapshot.take(walker, previous: FolderSnapshot(), willList: { _ in })
    #expect(indexed.imageIDs == ["a.jpg", "Trips/b.png", "Trips/bad.jpg"])
    #expect(indexed.folders == sniffed.folders)
  }

  /// Pages past the schema and `meta` damaged: opening works, reading the rows fails; the
  /// scan is still right, says so once, and the next scan starts a new index.
  @Test func anIndexDamagedPastItsHeaderIsReportedAndReplaced() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    for number in 0..<200 { try fixture.tree.file("Album\(number % 4)/f\(number).jpg") }
    _ = try fixture.facts()
    let handle = try FileHandle(forUpdating: fixture.indexFile)
    let size = try handle.seekToEnd()
    #expect(size > 5 * 4096)
    try handle.seek(toOffset: 3 * 4096)
    try handle.write(contentsOf: Data(repeating: 0x5A, count: Int(size) - 3 * 4096))
    try handle.close()
    let damaged = fixture.library.scan()
    #expect(damaged.assets.count == 200)
    #expect(damaged.problems.map(\.reason).contains { $0.contains("was damaged") })
    let next = fixture.library.scan()
    #expect(next.problems.isEmpty)
    #expect(next.assets == damaged.assets)
  }
}
