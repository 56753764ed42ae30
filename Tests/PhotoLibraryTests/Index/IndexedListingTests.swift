import FileSystem
import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

#if canImport(Glibc)
  import Glibc
#endif

/// The listing served from the index gives exactly what a scan gives: the same assets in the
/// same order (Live Photos joined, ties by id), the same problems and skipped files, and stays
/// so as the library changes under it.
@Suite struct IndexedListingTests {
  /// Compares the listing streamed from the index of `library` with a scan that keeps no
  /// index, and checks the lookups by id. Every file counts as settled (so that a file written
  /// a moment ago is recorded, and the next refresh takes it from its row).
  static func expectSameAsScan(
    _ library: FolderLibrary, chunkLength: Int = IndexedListing.chunkLength,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let listing = try #require(
      IndexedListing.refresh(library, settledBefore: .max, chunkLength: chunkLength),
      sourceLocation: sourceLocation)
    var streamed: [Asset] = []
    try listing.forEach {
      streamed.append($0)
      return true
    }
    var unindexed = library
    unindexed.index = .none
    let scan = unindexed.scan()
    #expect(streamed.map(\.id) == scan.assets.map(\.id), sourceLocation: sourceLocation)
    #expect(streamed == Array(scan.assets), sourceLocation: sourceLocation)
    #expect(listing.report.problems == scan.problems, sourceLocation: sourceLocation)
    #expect(listing.report.skipped == scan.skipped, sourceLocation: sourceLocation)
    for asset in scan.assets {
      #expect(listing.asset(withID: asset.id) == asset, sourceLocation: sourceLocation)
    }
    #expect(
      listing.assets(withIDs: scan.assets.map(\.id).reversed() + ["no/such.jpg"])
        == Array(scan.assets),
      sourceLocation: sourceLocation)
    #expect(
      Set(listing.folderRepresentatives.compactMap(\.folderPath))
        == Set(scan.assets.compactMap(\.folderPath)), sourceLocation: sourceLocation)
  }

  /// Every Live Photo case of the pairing's own table, with each folder read whole and file
  /// by file (a still and its movie in different parts of their folder).
  @Test(arguments: LivePhotoPairingTests.cases, [IndexedListing.chunkLength, 1])
  func livePhotosPairAsInAScan(_ test: LivePhotoPairingTests.Case, chunkLength: Int) throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    for (path, source) in test.files {
      try fixture.tree.file(path, [UInt8](try Data(contentsOf: source)))
    }
    try Self.expectSameAsScan(fixture.library, chunkLength: chunkLength)
    // Again from the rows the first refresh recorded.
    try Self.expectSameAsScan(fixture.library, chunkLength: chunkLength)
  }

  /// A folder read in parts pairs a still with a movie of a later part, also one that only its
  /// contents say is a movie (a still of an earlier part is then read back from its row).
  @Test(arguments: [1, 2, 3, 5, IndexedListing.chunkLength])
  func aFolderReadInPartsPairsAcrossItsParts(chunkLength: Int) throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    let files: [String: URL] = [
      "Live/A.jpg": LivePhotoPairingTests.plain, "Live/IMG_0001.JPG": LivePhotoPairingTests.still,
      "Live/IMG_0001.MOV": LivePhotoPairingTests.liveMovie,
      "Live/IMG_0002.jpg": LivePhotoPairingTests.plain,
      "Live/IMG_0002.qt": LivePhotoPairingTests.plainMovie,
      "Live/IMG_0003.jpg": LivePhotoPairingTests.plain,
      "Live/IMG_0004.jpg": LivePhotoPairingTests.plain,
      "Live/IMG_0004.mov": LivePhotoPairingTests.plainMovie,
      "Live/notes.txt": LivePhotoPairingTests.aae,
    ]
    for (path, source) in files {
      try fixture.tree.file(path, [UInt8](try Data(contentsOf: source)))
    }
    var unindexed = fixture.library
    unindexed.index = .none
    let live = Dictionary(
      uniqueKeysWithValues: unindexed.scan().assets.compactMap { asset in
        asset.pairedVideo.map { (asset.id, $0.path) }
      })
    #expect(
      live == [
        "Live/IMG_0001.JPG": "Live/IMG_0001.MOV", "Live/IMG_0002.jpg": "Live/IMG_0002.qt",
        "Live/IMG_0004.jpg": "Live/IMG_0004.mov",
      ])
    try Self.expectSameAsScan(fixture.library, chunkLength: chunkLength)
    try Self.expectSameAsScan(fixture.library, chunkLength: chunkLength)
  }

  /// A library with every kind of entry a walk meets.
  static func mixedLibrary(_ tree: LibraryTree) throws {
    let day = FolderFixtures.jpeg(dateTimeOriginal: "2024:05:01 10:00:00")
    // Equal dates: ordered by id, bytes and all (a decomposed é sorts after every ASCII name).
    try tree.file("Trips/b.jpg", day)
    try tree.file("Trips/a.jpg", day)
    try tree.file("Trips/e\u{301}te\u{301}.jpg", day)
    try tree.file("Trips/\u{e9}t\u{e9}.jpg", day)
    try tree.file("Trips/Z.jpg", day)
    try tree.file(
      "Trips/2024/deep.jpg", FolderFixtures.jpeg(dateTimeOriginal: "2024:06:01 08:00:00"))
    try tree.file("root-old.jpg", mtime: instant(10))
    try tree.file("root-new.jpg", mtime: instant(20_000))
    try tree.file(".hidden.jpg")
    try tree.file("notes.txt", Array("not an image".utf8))
    try tree.file("broken.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 3])
    try tree.file("Live/IMG_0001.JPG", [UInt8](try Data(contentsOf: LivePhotoPairingTests.still)))
    try tree.file(
      "Live/IMG_0001.MOV", [UInt8](try Data(contentsOf: LivePhotoPairingTests.liveMovie)))
    try tree.file("Live/IMG_0009.JPG", FolderFixtures.jpeg4x2)
    try tree.file("Live/IMG_0009.MOV", Array("text".utf8))
    try tree.file("Pipes/IMG_0007.JPG", FolderFixtures.jpeg4x2)
    _ = mkfifo(tree.root.appendingPathComponent("Pipes/IMG_0007.MOV").path, 0o600)
    try tree.link("Trips/linked.jpg", to: "../root-new.jpg")
    try tree.link("Again", to: "Trips/2024")
    try tree.link("outside.jpg", to: "/etc/hostname")
    try tree.link("dangling.jpg", to: "nowhere.jpg")
    try tree.folder("Empty")
  }

  @Test func aMixedLibraryListsAsAScanDoes() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try Self.mixedLibrary(fixture.tree)
    try Self.expectSameAsScan(fixture.library)
    // The first open built the index in listing order at its end (it drops it while it
    // records every file): the listing reads through it.
    let database = try SQLiteDatabase(path: fixture.indexFile.path)
    let plan = try database.prepare(
      "EXPLAIN QUERY PLAN SELECT path FROM files WHERE created IS NOT NULL"
        + " ORDER BY created DESC, path")
    var steps: [String] = []
    while try plan.step() { steps.append(plan.string(3) ?? "") }
    #expect(steps.contains { $0.contains("files_listing") }, "\(steps)")
    try Self.expectSameAsScan(fixture.library)
  }

  /// The counts of every collection, in one pass over the listing, are those of the
  /// collections a whole listing gives, with full and with limited access.
  @Test(arguments: [false, true])
  func collectionCountsAreTheCollectionsCounts(limited: Bool) throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try Self.mixedLibrary(fixture.tree)
    var state = AuthorizationState.firstLaunch
    state.apply(.grant, to: limited ? .photosLimited : .photos)
    if limited { state.limitedSelection = ["Trips/a.jpg", "Live/IMG_0001.JPG", "broken.jpg"] }
    let session = PhotoLibrarySession(
      bundleID: "com.example.app", ios: .newest, backend: fixture.library,
      store: MemoryAuthorizationStore(["com.example.app": state]))
    let now = Date()
    let listing = try #require(IndexedListing.refresh(fixture.library, settledBefore: .max))
    let counts = try session.collectionCounts(in: listing, now: now)
    let collections = try session.collections(now: now)
    let smart = collections.compactMap { collection -> String? in
      guard case .smartAlbum(let album) = collection.kind else { return nil }
      return "\(album.title) \(collection.count)"
    }
    let albums = collections.compactMap { collection -> String? in
      guard case .album(let path) = collection.kind else { return nil }
      return "\(path) \(collection.count)"
    }
    #expect(counts.smartAlbums.map { "\($0.album.title) \($0.count)" } == smart)
    #expect(counts.albums.map { "\($0.path) \($0.count)" } == albums)
    #expect(counts.tree == (limited ? [] : try session.userCollections()))
    #expect(counts.smartAlbums.first?.count == (limited ? 3 : 14), "Recents")
  }

  /// One change to the library, then the listing again.
  struct Change: Sendable, CustomStringConvertible {
    var description: String
    var apply: @Sendable (LibraryTree) throws -> Void
  }

  static let changes: [Change] = [
    Change(description: "a file added to a new folder") { tree in
      try tree.file("New/fresh.jpg", FolderFixtures.jpeg(dateTimeOriginal: "2025:01:01 00:00:00"))
    },
    Change(description: "a file deleted") { tree in
      try FileManager.default.removeItem(at: tree.root.appendingPathComponent("Trips/a.jpg"))
    },
    Change(description: "a file rewritten with another date and size") { tree in
      try tree.file("Trips/b.jpg", FolderFixtures.jpeg(dateTimeOriginal: "1999:12:31 23:59:59"))
    },
    Change(description: "a folder deleted") { tree in
      try FileManager.default.removeItem(at: tree.root.appendingPathComponent("Trips/2024"))
    },
    Change(description: "a folder renamed") { tree in
      try FileManager.default.moveItem(
        at: tree.root.appendingPathComponent("Live"),
        to: tree.root.appendingPathComponent("Live Photos"))
    },
    Change(description: "an image replaced by text") { tree in
      try tree.file("root-old.jpg", Array("now text".utf8))
    },
    Change(description: "a Live Photo's movie deleted") { tree in
      try FileManager.default.removeItem(at: tree.root.appendingPathComponent("Live/IMG_0001.MOV"))
    },
  ]

  @Test(arguments: changes)
  func aChangedLibraryListsAsAScanDoes(_ change: Change) throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try Self.mixedLibrary(fixture.tree)
    try Self.expectSameAsScan(fixture.library)
    try change.apply(fixture.tree)
    try Self.expectSameAsScan(fixture.library)
    // No row is left of a file the walk no longer finds.
    let index = try #require(
      LibraryIndex.open(root: fixture.tree.root.path, location: .folder(fixture.indexFolder)))
    let walked = FolderWalker(root: fixture.tree.root).walk().files.count
    #expect(try index.count() == walked)
  }

  /// EXIF dates carry no zone: in another zone the order of dated and undated files changes,
  /// and the listing's dates are worked out again.
  @Test func anotherTimeZoneReordersAsAScanDoes() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try fixture.tree.file("exif.jpg", FolderFixtures.jpeg(dateTimeOriginal: "2020:01:01 06:00:00"))
    // Between 06:00 in Tokyo (21:00 UTC the day before) and 06:00 UTC.
    try fixture.tree.file("mtime.jpg", mtime: Date(timeIntervalSince1970: 1_577_836_800 - 3600))
    var library = fixture.library
    library.timeZone = TimeZone(identifier: "UTC")!
    try Self.expectSameAsScan(library)
    library.timeZone = TimeZone(identifier: "Asia/Tokyo")!
    try Self.expectSameAsScan(library)
    var ids: [String] = []
    try #require(IndexedListing.refresh(library)).forEach {
      ids.append($0.id)
      return true
    }
    #expect(ids == ["mtime.jpg", "exif.jpg"])
  }

  /// An index written by the version before keeps its rows: the listing's columns are added
  /// and filled in.
  @Test func aVersionThreeIndexIsMigratedAndKeepsItsRows() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try Self.mixedLibrary(fixture.tree)
    _ = try fixture.facts()
    let database = try SQLiteDatabase(path: fixture.indexFile.path)
    try database.execute(
      "DROP INDEX files_listing; ALTER TABLE files DROP COLUMN created;"
        + " ALTER TABLE files DROP COLUMN identity; UPDATE meta SET value = '3' WHERE key = 'schema'"
    )
    let rows = try #require(
      LibraryIndex.open(root: fixture.tree.root.path, location: .folder(fixture.indexFolder))
    ).count()
    #expect(rows > 0)
    try Self.expectSameAsScan(fixture.library)
    let after = try #require(
      LibraryIndex.open(root: fixture.tree.root.path, location: .folder(fixture.indexFolder)))
    #expect(try after.count() == rows)
  }
}
