import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// One scan per process: while a library is observed its listing is reused until a change is
/// heard; without an observation every listing sees the folder as it is.
@Suite struct ScanSnapshotTests {
  @Test func withoutAnObservationEveryListingSeesTheFolderAsItIs() throws {
    let tree = try LibraryTree("snapshot")
    defer { tree.remove() }
    try tree.file("a.jpg")
    let library = FolderLibrary(root: tree.root, index: .none)
    #expect(try library.allAssets().map(\.id) == ["a.jpg"])
    try tree.file("b.jpg")
    #expect(try library.allAssets().map(\.id).sorted() == ["a.jpg", "b.jpg"])
  }

  /// A watcher's look that began before this process imported or deleted a file may have read
  /// the folder before that change: its listing is not kept, and the next listing scans again.
  @Test func aLookBegunBeforeAnInvalidationIsNotKept() {
    let snapshot = ScanSnapshot()
    snapshot.observationStarted()
    let old = FolderScan(assets: [], problems: [])
    let lookBegan = snapshot.generation
    snapshot.invalidate()
    snapshot.replace(with: old, startedAt: lookBegan)
    #expect(snapshot.current == nil)
    let fresh = FolderScan(assets: [], problems: [])
    snapshot.replace(with: fresh, startedAt: snapshot.generation)
    #expect(snapshot.current != nil)
  }

  @Test func whileObservedTheListingIsReusedUntilTheLibraryChanges() throws {
    let tree = try LibraryTree("snapshot")
    defer { tree.remove() }
    try tree.file("a.jpg")
    let library = FolderLibrary(root: tree.root, index: .none)
    // A watcher that never looks again: only this process's own changes drop the snapshot.
    let observation = library.observe(detection: .polling(interval: .seconds(3600))) { _ in }
    #expect(try library.allAssets().map(\.id) == ["a.jpg"])
    try tree.file("b.jpg")
    #expect(try library.allAssets().map(\.id) == ["a.jpg"], "the snapshot is reused")
    #expect(library.scan().assets.count == 2, "an explicit scan always reads the folder")
    let elsewhere = try LibraryTree("snapshot-source")
    defer { elsewhere.remove() }
    let source = try elsewhere.file("new.jpg")
    _ = try library.importFile(at: source, album: nil)
    #expect(try library.allAssets().count == 3, "an import drops the snapshot")
    observation.cancel()
    try tree.file("c.jpg")
    #expect(try library.allAssets().count == 4, "with no observation left nothing is reused")
  }

  /// While observed, the listing with its favourites is made once, in place of the kept one:
  /// the device and the picker reading it get one array, not a copy each; a changed mark makes
  /// a new one.
  @Test func theListingWithItsMarksIsMadeOncePerListingAndMarks() throws {
    let tree = try LibraryTree("snapshot")
    defer { tree.remove() }
    let state = try TestPaths.makeTemporaryDirectory("snapshot-state")
    defer { try? FileManager.default.removeItem(at: state) }
    let library = try Self.markedLibrary(
      tree, state: state, files: ["a.jpg", "b.jpg"], favorite: "a.jpg", index: .none)
    let observation = library.observe(detection: .polling(interval: .seconds(3600))) { _ in }
    defer { observation.cancel() }
    // The first read records the marked file's identity (the store changes once).
    _ = try library.allAssets()
    let first = try library.allAssets()
    let second = try library.allAssets()
    #expect(first.map(\.isFavorite) == [true, false])
    #expect(Self.sameStorage(first, second), "the same marks: the same array")
    #expect(
      Self.sameStorage(library.currentScan().assets, first),
      "the kept listing carries the marks: no second array beside it")
    try library.updateAttributes { _ = $0.favorites.insert("b.jpg") }
    let third = try library.allAssets()
    #expect(third.map(\.isFavorite) == [true, true])
    #expect(!Self.sameStorage(second, third))
  }

  /// A look at one folder carries the kept listing's marks on: the listing after the notice
  /// has them without being made again (the same array as the kept one).
  @Test func aLookAtOneFolderCarriesTheMarksOn() throws {
    let tree = try LibraryTree("snapshot")
    defer { tree.remove() }
    let indexFolder = try LibraryTree("snapshot-index")
    defer { indexFolder.remove() }
    let state = try TestPaths.makeTemporaryDirectory("snapshot-state")
    defer { try? FileManager.default.removeItem(at: state) }
    let library = try Self.markedLibrary(
      tree, state: state, files: ["Album/a.jpg", "Other/b.jpg"], favorite: "Other/b.jpg",
      index: .folder(indexFolder.root))
    let seen = ChangeRecorder()
    let observation = library.observe(detection: .automatic) { seen.record($0) }
    defer { observation.cancel() }
    _ = try library.allAssets()
    #expect(try library.allAssets().map(\.isFavorite) == [false, true])
    try tree.file("Album/c.jpg", mtime: instant(3))
    #expect(seen.wait { !$0.all.isEmpty })
    let kept = library.currentScan().assets
    let after = try library.allAssets()
    #expect(after.map(\.id) == ["Album/c.jpg", "Album/a.jpg", "Other/b.jpg"])
    #expect(after.map(\.isFavorite) == [false, false, true])
    #expect(Self.sameStorage(kept, after), "the marks carried on, the listing not made again")
  }

  /// A library of `files` (the first newest) keeping its marks in `state`, `favorite` marked.
  static func markedLibrary(
    _ tree: LibraryTree, state: URL, files: [String], favorite: String,
    index: LibraryIndexLocation
  ) throws -> FolderLibrary {
    for (offset, file) in files.enumerated() {
      try tree.file(file, mtime: instant(Double(files.count - offset)))
    }
    let library = FolderLibrary(
      root: tree.root,
      attributesStore: LibraryAttributesStore(library: tree.root, stateDirectory: state),
      index: index)
    try library.updateAttributes { _ = $0.favorites.insert(favorite) }
    return library
  }

  static func sameStorage(_ first: AssetList, _ second: AssetList) -> Bool {
    first.isSameStorage(as: second)
  }

  /// Without an index the notice drops the snapshot; with one the watcher's look is a scan
  /// that replaces it. Either way a handler that lists sees the change.
  @Test(arguments: [false, true])
  func aHandlerThatListsSeesTheChange(withIndex: Bool) throws {
    let tree = try LibraryTree("snapshot")
    defer { tree.remove() }
    let indexFolder = try LibraryTree("snapshot-index")
    defer { indexFolder.remove() }
    try tree.file("a.jpg")
    let library = FolderLibrary(
      root: tree.root, index: withIndex ? .folder(indexFolder.root) : .none)
    let seen = ChangeRecorder()
    let listed = Listing()
    let observation = library.observe(detection: .polling(interval: .milliseconds(50))) {
      change in
      listed.set((try? library.allAssets().map(\.id)) ?? [])
      seen.record(change)
    }
    defer { observation.cancel() }
    #expect(try library.allAssets().map(\.id) == ["a.jpg"])
    try tree.file("b.jpg")
    #expect(seen.wait { !$0.all.isEmpty })
    #expect(listed.ids.sorted() == ["a.jpg", "b.jpg"])
  }

  @Test func aScannedAssetKeepsNoURLOfItsOwnButGivesTheSameValues() throws {
    let tree = try LibraryTree("compact")
    defer { tree.remove() }
    try tree.file("Trips/a b%.jpg")
    let library = FolderLibrary(root: tree.root, index: .none)
    let asset = try #require(library.scan().assets.first)
    let url = library.root.appendingPathComponent("Trips/a b%.jpg", isDirectory: false)
    #expect(asset.url == url)
    #expect(asset.path == url.path)
    #expect(asset.resources == [AssetResource(kind: .photo, path: "Trips/a b%.jpg", url: url)])
    #expect(asset.resourcePaths.map(\.path) == [url.path])
    var explicit = Asset(
      id: asset.id, url: url, creationDate: asset.creationDate, pixelWidth: 4, pixelHeight: 2,
      album: "Trips", addedDate: asset.addedDate)
    #expect(explicit != asset, "a scanned asset knows its file's identity")
    explicit.fileIdentity = asset.fileIdentity
    #expect(explicit == asset)
    #expect(explicit.hashValue == asset.hashValue)
    #expect(library.scan().assets.first == asset, "two scans give equal assets")
  }
}

/// The ids a change handler listed (set on the observer's queue).
private final class Listing: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  func set(_ ids: [String]) { lock.withLock { stored = ids } }
  var ids: [String] { lock.withLock { stored } }
}
