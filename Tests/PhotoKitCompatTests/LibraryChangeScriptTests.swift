import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import TestSupport
import Testing

/// Another app changing the library while PhotoKit code observes it (`LibraryChangeScript`):
/// each transaction is one `PHChange` for every observer, and the faults around it. Each test
/// has a device of its own (`.isolatedPhotoKitDevice`), so they run in parallel.
@Suite(.isolatedPhotoKitDevice) struct LibraryChangeScriptTests {
  /// A folder library of two photos with a state folder, and a photo outside it to insert.
  struct Setup {
    let library: URL
    let state: URL
    let photo = TestPaths.sampleImages.appendingPathComponent("coffee-cup-progressive.jpg")

    init() throws {
      library = try TestPaths.makeTemporaryDirectory("script-library")
      state = try TestPaths.makeTemporaryDirectory("script-state")
      for (sample, name) in [("grace-hopper-1984.jpg", "a.jpg"), ("chelsea-the-cat.png", "b.png")] {
        try FileManager.default.copyItem(
          at: TestPaths.sampleImages.appendingPathComponent(sample),
          to: library.appendingPathComponent(name))
      }
    }

    @discardableResult
    func install(
      readWrite: PHAuthorizationStatus = .authorized, selection: [String] = []
    ) throws -> PhotoKitDevice {
      try PhotoKitDevice.install(
        readWrite: readWrite, selection: selection, library: library, stateDirectory: state)
    }

    func remove() {
      try? FileManager.default.removeItem(at: library)
      try? FileManager.default.removeItem(at: state)
    }
  }

  static func ids(_ result: PHFetchResult<PHAsset>) -> Set<String> {
    var ids: Set<String> = []
    result.enumerateObjects { asset, _, _ in ids.insert(asset.localIdentifier) }
    return ids
  }

  static func ids(_ objects: [PHAsset]) -> Set<String> { Set(objects.map(\.localIdentifier)) }

  /// `PHFetchOptions.wantsIncrementalChangeDetails` false: the fetch's change details have no
  /// index sets (reload), as in Photos; an untouched fetch still gets none; a default fetch
  /// stays incremental.
  @Test func aFetchThatWantsNoIncrementalDetailsGetsNone() async throws {
    let setup = try Setup()
    defer { setup.remove() }
    try setup.install()
    let recorder = ChangeRecorder()
    PHPhotoLibrary.shared().register(recorder)
    let options = PHFetchOptions()
    options.wantsIncrementalChangeDetails = false
    let whole = PHAsset.fetchAssets(with: options)
    let images = PHAsset.fetchAssets(with: .image, options: options)
    let videos = PHAsset.fetchAssets(with: .video, options: options)
    options.wantsIncrementalChangeDetails = true  // the fetches kept their own copies
    let incremental = PHAsset.fetchAssets(with: nil)
    var script = LibraryChangeScript()
    script.transaction(.insert(setup.photo, as: "new.jpg"))
    try await script.apply()
    let change = try #require(recorder.changes.all.first)
    for result in [whole, images] {
      let details = try #require(change.changeDetails(for: result))
      #expect(!details.hasIncrementalChanges)
      #expect(details.insertedIndexes == nil && details.insertedObjects.isEmpty)
      #expect(details.fetchResultAfterChanges.count == 3)
    }
    #expect(change.changeDetails(for: videos) == nil)
    let details = try #require(change.changeDetails(for: incremental))
    #expect(details.hasIncrementalChanges)
    #expect(Self.ids(details.insertedObjects) == ["new.jpg"])
  }

  /// An album with no photo is not listed: creating it alone is no notice; the transaction
  /// that inserts its first photo brings the album too.
  @Test func anEmptyAlbumIsHeardWithItsFirstPhoto() async throws {
    let setup = try Setup()
    defer { setup.remove() }
    try setup.install()
    let recorder = ChangeRecorder()
    PHPhotoLibrary.shared().register(recorder)
    let albums = PHAssetCollection.fetchAssetCollections(
      with: .album, subtype: .any, options: nil)
    try await LibraryChangeScript("album create Trips", baseDirectory: setup.library).apply()
    #expect(
      PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil)
        .count == 0)
    let base = setup.photo.deletingLastPathComponent()
    try await LibraryChangeScript(
      "insert \(setup.photo.lastPathComponent) into Trips", baseDirectory: base
    ).apply()
    #expect(recorder.changes.count == 1)
    let details = try #require(recorder.changes.all.first?.changeDetails(for: albums))
    #expect(details.insertedObjects.map(\.localIdentifier) == ["Trips"])
  }

  @Test func eachTransactionIsOneChangeForEveryObserver() async throws {
    let setup = try Setup()
    defer { setup.remove() }
    try setup.install()
    let first = ChangeRecorder()
    let second = ChangeRecorder()
    PHPhotoLibrary.shared().register(first)
    PHPhotoLibrary.shared().register(second)
    let before = PHAsset.fetchAssets(with: nil)
    var script = LibraryChangeScript()
    script.transaction(
      .insert(setup.photo, as: "new.jpg", into: "Trips"), .favorite("a.jpg"), .delete("b.png"))
    try await script.apply()
    #expect(first.changes.count == 1 && second.changes.count == 1)
    // (Details compare with a fetch made now: read before the next transaction.)
    let details = try #require(first.changes.all.first?.changeDetails(for: before))
    #expect(Self.ids(details.insertedObjects) == ["Trips/new.jpg"])
    #expect(Self.ids(details.removedObjects) == ["b.png"])
    #expect(Self.ids(details.changedObjects) == ["a.jpg"])
    let after = details.fetchResultAfterChanges
    var favorites: [String] = []
    after.enumerateObjects { asset, _, _ in
      if asset.isFavorite { favorites.append(asset.localIdentifier) }
    }
    #expect(favorites == ["a.jpg"])
    var next = LibraryChangeScript()
    next.transaction(.hide("a.jpg"))
    try await next.apply()
    #expect(first.changes.count == 2 && second.changes.count == 2)
    // Hidden: the default fetch leaves it out.
    let hidden = try #require(first.changes.all.last?.changeDetails(for: after))
    #expect(Self.ids(hidden.fetchResultAfterChanges) == ["Trips/new.jpg"])
  }

  @Test func aScriptInTheTextFormatDrivesTheDevice() async throws {
    let setup = try Setup()
    defer { setup.remove() }
    try setup.install()
    let recorder = ChangeRecorder()
    PHPhotoLibrary.shared().register(recorder)
    let script = try LibraryChangeScript(
      """
      transaction
        insert coffee-cup-progressive.jpg as cup.jpg
        album create Empty
      end
      wait 10ms
      move cup.jpg to Kitchen
      """, baseDirectory: TestPaths.sampleImages)
    let planned = try await script.apply()
    #expect(
      planned.map(\.change) == [
        LibraryChange(inserted: ["cup.jpg"]),
        LibraryChange(inserted: ["Kitchen/cup.jpg"], removed: ["cup.jpg"]),
      ])
    #expect(recorder.changes.count == 2)
    #expect(Self.ids(PHAsset.fetchAssets(with: nil)) == ["a.jpg", "b.png", "Kitchen/cup.jpg"])
  }

  /// A limited app hears only about its selection: a transaction touching nothing it may see
  /// reaches no observer (and `apply` does not wait for one).
  @Test func aLimitedAppHearsOnlyAboutItsSelection() async throws {
    let setup = try Setup()
    defer { setup.remove() }
    try setup.install(readWrite: .limited, selection: ["a.jpg"])
    let recorder = ChangeRecorder()
    PHPhotoLibrary.shared().register(recorder)
    var script = LibraryChangeScript()
    script.transaction(.favorite("b.png"), .insert(setup.photo, as: "new.jpg"))
    script.transaction(.favorite("a.jpg"))
    try await script.apply()
    #expect(recorder.changes.count == 1)
    #expect(Self.ids(PHAsset.fetchAssets(with: nil)) == ["a.jpg"])
  }

  /// Fault: a fetch made while a transaction is being applied lists the library as it was
  /// before the transaction (the device's listing is replaced only when the transaction's
  /// notice goes out, in one step); that notice's details take the fetch to the whole after.
  @Test func aFetchInTheMiddleOfATransactionSeesNoneOfIt() async throws {
    let setup = try Setup()
    defer { setup.remove() }
    try setup.install()
    let recorder = ChangeRecorder()
    PHPhotoLibrary.shared().register(recorder)
    let before = Self.ids(PHAsset.fetchAssets(with: nil))
    var script = LibraryChangeScript()
    script.transaction(
      .insert(setup.photo, as: "one.jpg"), .insert(setup.photo, as: "two.jpg"), .delete("b.png"))
    let midway = Recorder<PHFetchResult<PHAsset>>()
    try await script.apply(afterAction: { _, offset in
      if offset == 1 { midway.append(PHAsset.fetchAssets(with: nil)) }
    })
    let during = try #require(midway.all.first)
    #expect(Self.ids(during) == before)
    let details = try #require(recorder.changes.all.first?.changeDetails(for: during))
    #expect(Self.ids(details.insertedObjects) == ["one.jpg", "two.jpg"])
    #expect(Self.ids(details.removedObjects) == ["b.png"])
    #expect(recorder.changes.count == 1)
  }

  /// Fault: a change made between an app's fetch and its observer registration is never
  /// announced to it (as on iOS); its first notice's details, computed against its old fetch,
  /// carry that change as well, so nothing is lost.
  @Test func aChangeBetweenTheFetchAndTheRegistrationIsCarriedByTheNextNotice() async throws {
    let setup = try Setup()
    defer { setup.remove() }
    try setup.install()
    let fetched = PHAsset.fetchAssets(with: nil)
    var early = LibraryChangeScript()
    early.transaction(.insert(setup.photo, as: "early.jpg"))
    try await early.plan().apply()
    let recorder = ChangeRecorder()
    PHPhotoLibrary.shared().register(recorder)
    var late = LibraryChangeScript()
    late.transaction(.insert(setup.photo, as: "late.jpg"))
    try await late.apply()
    #expect(recorder.changes.count == 1)
    let details = try #require(recorder.changes.all.first?.changeDetails(for: fetched))
    #expect(Self.ids(details.insertedObjects) == ["early.jpg", "late.jpg"])
  }

  /// Fault: another process writes the stores in the middle of a transaction (the app's
  /// selection, the library's favourites). Its selection change is announced at once (store
  /// notices are not held by a transaction), the transaction's notice follows as one, then its
  /// favourite as a notice of its own; both processes' favourites survive (the store's lock:
  /// each write reads the latest file).
  @Test func anotherProcessWritingTheStoresMidTransaction() async throws {
    let setup = try Setup()
    defer { setup.remove() }
    let device = try setup.install(readWrite: .limited, selection: ["a.jpg"])
    let recorder = ChangeRecorder()
    PHPhotoLibrary.shared().register(recorder)
    let fetched = PHAsset.fetchAssets(with: nil)
    // Another process: the same app's state and the same library's favourites, its own session.
    let other = PhotoLibrarySession(
      bundleID: device.session.bundleID, ios: device.session.ios,
      backend: FolderLibrary(
        root: setup.library,
        attributesStore: LibraryAttributesStore(library: setup.library, stateDirectory: setup.state)
      ),
      store: FileAuthorizationStore(directory: setup.state))
    var script = LibraryChangeScript()
    script.transaction(.favorite("a.jpg"), .insert(setup.photo, as: "new.jpg"))
    let failures = Recorder<String>()
    try await script.apply(afterAction: { _, offset in
      guard offset == 0 else { return }
      do {
        try other.editLimitedSelection(adding: ["b.png"], removing: [])
        _ = try LibraryAttributesStore(library: setup.library, stateDirectory: setup.state)
          .update { $0.set(.favorite, true, for: ["b.png"]) }
      } catch {
        failures.append("\(error)")
      }
      // The selection's notice arrives while the transaction is still open.
      let deadline = Date().addingTimeInterval(10)
      while recorder.changes.count == 0 && Date() < deadline { usleep(5_000) }
    })
    #expect(failures.all.isEmpty)
    // The other process's favourite is no part of the transaction: a notice of its own, after.
    try await recorder.changes.wait { $0.count == 3 }
    #expect(recorder.changes.count == 3)
    let selection = try #require(recorder.changes.all.first?.changeDetails(for: fetched))
    #expect(Self.ids(selection.insertedObjects) == ["b.png"])
    let attributes = try LibraryAttributesStore(
      library: setup.library, stateDirectory: setup.state
    ).load()
    #expect(attributes.favorites == ["a.jpg", "b.png"])
    // The script's photo is no creation of this limited app: it stays out of its fetch.
    #expect(Self.ids(PHAsset.fetchAssets(with: nil)) == ["a.jpg", "b.png"])
  }
}
