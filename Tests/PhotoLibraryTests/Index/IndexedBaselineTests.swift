import FileSystem
import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// An observed library whose index lists it already takes its baseline through the index, one
/// folder at a time: the same listing, report and watcher's baseline as a scan, the favourite
/// and hidden flags carried by the kept listing itself, and every later change heard.
@Suite struct IndexedBaselineTests {
  /// The mixed library of `IndexedListingTests` with a state folder marking two assets, and
  /// its index filled by a first scan.
  static func makeFixture() throws -> (IndexFixture, FolderLibrary, state: URL) {
    let fixture = try IndexFixture()
    try IndexedListingTests.mixedLibrary(fixture.tree)
    let state = try TestPaths.makeTemporaryDirectory("state")
    var library = fixture.library
    library.attributesStore = LibraryAttributesStore(
      library: fixture.tree.root, stateDirectory: state)
    try library.attributesStore?.update { attributes in
      attributes.set(.favorite, true, for: ["Trips/a.jpg"])
      attributes.set(.hidden, true, for: ["root-new.jpg"])
    }
    return (fixture, library, state)
  }

  @Test func aLaterOpenListsWhatAScanListsWithTheSameBaseline() throws {
    let (fixture, library, state) = try Self.makeFixture()
    defer {
      fixture.remove()
      try? FileManager.default.removeItem(at: state)
    }
    var walked: [String] = []
    #expect(
      library.indexedScanWithBaseline(willList: { _ in }, progress: { _ in }) == nil,
      "a first open scans")
    // An earlier listing recorded every file (as settled: they were written a moment ago).
    _ = IndexedListing.refresh(library, settledBefore: .max)
    var reports: [ScanProgress] = []
    let indexed = try #require(
      library.indexedScanWithBaseline(
        willList: { walked.append($0) }, progress: { reports.append($0) }))
    var unindexed = library
    unindexed.index = .none
    let scan = unindexed.scan()
    let flags = try #require(indexed.flags)
    #expect(indexed.0.assets == flags.apply(to: scan.assets))
    #expect(indexed.0.assets.filter(\.isFavorite).map(\.id) == ["Trips/a.jpg"])
    #expect(indexed.0.assets.filter(\.isHidden).map(\.id) == ["root-new.jpg"])
    #expect(indexed.0.problems == scan.problems)
    #expect(indexed.0.skipped == scan.skipped)
    // The watcher's baseline: the same files with the same signatures, the same images.
    let walk = FolderWalker(root: library.root).walk()
    let expected = FolderSnapshot.take(
      FolderWalker(root: library.root), previous: FolderSnapshot(), willList: { _ in })
    #expect(indexed.1.folders == expected.folders)
    #expect(indexed.1.followsLinks && walk.followsLinks, "the library links to its own files")
    #expect(indexed.filesFound == walk.files.count)
    // Every folder is announced before it is listed, as a whole walk announces them.
    var announced: [String] = []
    _ = FolderWalker(root: library.root).walk(willList: { announced.append($0) })
    #expect(walked == announced)
    #expect(reports.first?.filesRead == 0)
    #expect(reports.first?.filesFound == indexed.filesFound)
  }

  /// The app's first read after an observed open takes the kept listing as it is: its flags
  /// are carried, so no second array of the library is made to apply them. A later open (the
  /// index lists the library) and a first open (it scans) alike.
  @Test(arguments: [true, false])
  func theKeptListingCarriesTheFlagsAndChangesAreHeard(indexedBefore: Bool) throws {
    let (fixture, library, state) = try Self.makeFixture()
    defer {
      fixture.remove()
      try? FileManager.default.removeItem(at: state)
    }
    if indexedBefore { _ = IndexedListing.refresh(library, settledBefore: .max) }
    let recorder = ChangeRecorder()
    let observation = library.observe(recorder.record)
    defer { observation.cancel() }
    let kept = try #require(library.snapshot.current)
    let listed = try library.allAssets()
    #expect(listed.count == kept.assets.count)
    #expect(
      listed.withUnsafeBufferPointer { $0.baseAddress }
        == kept.assets.withUnsafeBufferPointer { $0.baseAddress }, "the kept array itself")
    #expect(listed.first { $0.id == "Trips/a.jpg" }?.isFavorite == true)

    try fixture.tree.file("Trips/new.jpg")
    try FileManager.default.removeItem(at: fixture.tree.root.appendingPathComponent("root-old.jpg"))
    try fixture.tree.file("Trips/b.jpg", FolderFixtures.jpeg4x2)
    #expect(
      recorder.wait {
        $0.inserted.contains("Trips/new.jpg") && $0.removed.contains("root-old.jpg")
          && $0.changed.contains("Trips/b.jpg")
      }, "\(recorder.all)")
    let after = try library.allAssets().map(\.id)
    #expect(after.contains("Trips/new.jpg") && !after.contains("root-old.jpg"))
  }
}
