import FileSystem
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PhotoLibrary

/// An observed library takes its baseline through the index, one folder at a time, on a first
/// open as on a later one: the same listing, report and watcher's baseline as a scan, the
/// favourite and hidden flags carried by the kept listing itself, the images read so far as
/// the provisional listing of a first open, and every later change heard.
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

  /// A later open (the index lists the library) reads the listing from the index; a first
  /// open keeps each image's asset as its folder is recorded and makes the listing of them.
  /// `count` folders "f0"… of 60 photos each, their dates interleaved across the folders (the
  /// newest is the first folder's last photo).
  static func folders(_ count: Int, in tree: LibraryTree) throws {
    for folder in 0..<count {
      for number in 0..<60 {
        let minute = number * count + (count - 1 - folder)
        try tree.file("f\(folder)/p\(number).jpg", mtime: instant(Double(minute) * 60))
      }
    }
  }

  @Test(arguments: [true, false])
  func anOpenListsWhatAScanListsWithTheSameBaseline(indexedBefore: Bool) throws {
    let (fixture, library, state) = try Self.makeFixture()
    defer {
      fixture.remove()
      try? FileManager.default.removeItem(at: state)
    }
    var walked: [String] = []
    // An earlier listing recorded every file (as settled: they were written a moment ago).
    if indexedBefore { _ = IndexedListing.refresh(library, settledBefore: .max) }
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
    #expect(indexed.0.assets.contains { $0.pairedVideo != nil }, "a Live Photo joined")
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
    if indexedBefore {
      #expect(reports.first?.filesFound == indexed.filesFound)
      #expect(reports.allSatisfy { !$0.isCounting })
    } else {
      // No total is known before the walk ends; the files read so far are counted.
      #expect(reports.allSatisfy { $0.isCounting })
      #expect(reports.allSatisfy { $0.filesRead == $0.filesFound })
      #expect(reports.last?.filesRead == indexed.filesFound)
      // The first open recorded every file: the index's listing is the one it made.
      let listing = try #require(IndexedListing.refresh(library))
      var read: [Asset] = []
      try listing.forEach { asset in
        read.append(flags.apply(to: asset))
        return true
      }
      #expect(read == Array(indexed.0.assets))
    }
  }

  /// A first open observed in the background keeps, while it reads, the images of the folders
  /// recorded so far as the app's provisional listing (the first once a screenful is read, each
  /// later one the last merged with those read since), newest first, then the final one.
  @Test func aFirstOpenListsTheImagesOfTheFoldersReadSoFarThenTheFinalListing() async throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    // Three folders of 60 photos: the first provisional listing waits for 100 images. (Fewer
    // than 200 files: no first screen is read before.)
    try Self.folders(3, in: fixture.tree)
    // Two marked photos: each listing carries their flags, so the app's read is the kept
    // listing itself, not a copy made to set them.
    let state = try TestPaths.makeTemporaryDirectory("state")
    defer { try? FileManager.default.removeItem(at: state) }
    var marked = fixture.library
    marked.attributesStore = LibraryAttributesStore(
      library: fixture.tree.root, stateDirectory: state)
    let library = marked
    var unindexed = library
    unindexed.index = .none
    let scanned = unindexed.scan().assets
    try library.attributesStore?.update { attributes in
      attributes.set(.favorite, true, for: ["f0/p0.jpg"])
      attributes.set(.hidden, true, for: ["f1/p1.jpg"])
      // Recorded with their files, as marking them in an app does.
      attributes.reconcileFiles(with: scanned)
    }
    let reports = Mutex<[ScanProgress]>([])
    let provisional = Mutex<[AssetList]>([])
    let readsKeptListing = Mutex<[Bool]>([])
    let observation = library.observe(
      detection: .polling(interval: .seconds(3600)),
      baselineProgress: { progress in
        reports.withLock { $0.append(progress) }
        if progress.listingUpdated, !progress.isFinished {
          let kept = library.snapshot.current?.assets ?? []
          let listed = (try? library.allAssets()) ?? []
          provisional.withLock { $0.append(listed) }
          readsKeptListing.withLock {
            $0.append(
              listed.isSameStorage(as: kept))
          }
          // Long enough for the next part to bring the next listing.
          usleep(300_000)
        }
      }
    ) { _ in }
    defer { observation.cancel() }
    for _ in 0..<1000 where !reports.withLock({ $0.last?.isFinished ?? false }) {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(!library.currentScan().isProvisional)
    let final = try #require(try library.attributesStore?.load()).apply(to: scanned)
    #expect(try library.allAssets() == final)
    #expect(readsKeptListing.withLock { $0 }.allSatisfy { $0 }, "no copy to set the flags")
    #expect(final.filter(\.isFavorite).map(\.id) == ["f0/p0.jpg"])
    for listing in provisional.withLock({ $0 }) {
      #expect(listing.filter(\.isHidden).map(\.id) == ["f1/p1.jpg"])
    }
    let listings = provisional.withLock { $0 }
    #expect(listings.count >= 2, "a first listing and a merged one: \(listings.map(\.count))")
    for listing in listings {
      // Whole folders (two, by the count; one on a machine slow enough for the interval to
      // pass first), each listing newest first as the final one orders them.
      let folders = Set(listing.compactMap(\.folderPath))
      #expect(listing.count == folders.count * 60, "\(listing.count) of \(folders)")
      #expect(Array(listing) == final.filter { folders.contains($0.folderPath ?? "") })
    }
    #expect(listings.map(\.count) == listings.map(\.count).sorted())
  }

  /// Past their limit a first open's provisional listings hold the newest images read so far,
  /// as many as the limit: the app's grid shows the newest photos found, and holds no copy of
  /// the library. Its final listing is the same.
  @Test func aFirstOpensProvisionalListingsHoldTheNewestUpToTheirLimit() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try Self.folders(5, in: fixture.tree)
    let library = fixture.library
    library.snapshot.observationStarted()
    defer { library.snapshot.observationEnded() }
    library.snapshot.beginProvisional()
    var kept: [(filesRead: Int, listing: AssetList)] = []
    let indexed = try #require(
      library.indexedScanWithBaseline(
        willList: { _ in },
        progress: { progress in
          if progress.listingUpdated, !progress.isFinished {
            kept.append((progress.filesRead, library.snapshot.current?.assets ?? []))
            // Long enough for every later part to be due a listing.
            usleep(300_000)
          }
        }, provisionalLimit: 130))
    var unindexed = library
    unindexed.index = .none
    let final = unindexed.scan().assets
    #expect(indexed.0.assets == final)
    // The first once 100 images are read (two folders; one on a slow machine), then the next
    // folder's, cut to the limit (a full listing waits two seconds before the next one).
    #expect(kept.count >= 2, "\(kept.map(\.filesRead))")
    #expect(kept.last?.listing.count == 130)
    for (filesRead, listing) in kept {
      // Each folder holds 60 photos and is read whole, in name order.
      let folders = Set((0..<filesRead / 60).map { "f\($0)" })
      let read = final.filter { folders.contains($0.folderPath ?? "") }
      #expect(Array(listing) == Array(read.prefix(130)), "after \(filesRead) files")
    }
  }

  /// The app's first read after an observed open takes the kept listing as it is: its flags
  /// are carried, so no second array of the library is made to apply them. A later open (the
  /// index lists the library) and a first open alike.
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
      listed.isSameStorage(as: kept.assets), "the kept listing itself")
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
