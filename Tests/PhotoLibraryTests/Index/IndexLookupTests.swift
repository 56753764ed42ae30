import Foundation
import Testing

@testable import PhotoLibrary

/// A command's checks and records of a few ids (`--select`, the limited picker's edit and its
/// outcome) look each id up in the library index, afresh at each call: no listing of the whole
/// library is made for them.
@Suite struct IndexLookupTests {
  @Test func aCommandLooksItsIdsUpInTheIndex() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try fixture.tree.file("a.jpg")
    try fixture.tree.file("Trips/b.jpg")
    var state = AuthorizationState.firstLaunch
    state.apply(.grant, to: .photosLimited)
    let session = PhotoLibrarySession(
      bundleID: "com.example.app", ios: .newest, backend: fixture.library,
      store: MemoryAuthorizationStore(["com.example.app": state]))

    try session.checkAssetsExist(["a.jpg", "Trips/b.jpg"])
    var unknown: String?
    do {
      try session.checkAssetsExist(["a.jpg", "nope.jpg"])
    } catch PhotoLibraryError.unknownAsset(let id) {
      unknown = id
    }
    #expect(unknown == "nope.jpg")
    // A file added since is found: each call looks the index up again.
    try fixture.tree.file("new.jpg")
    try session.checkAssetsExist(["new.jpg"])
    #expect(try session.editLimitedSelection(adding: ["new.jpg"], removing: []) == ["new.jpg"])
    #expect(try session.applyLimitedPicker(.done(["new.jpg", "a.jpg"])) == ["a.jpg"])
    #expect(try session.state().limitedSelection == ["a.jpg", "new.jpg"])
    // Each id picked records its file, as a whole listing's lookup records it.
    let files = try session.state().assetFiles
    #expect(files.count == 2 && files["a.jpg"] != nil && files["new.jpg"] != nil)
    // No whole listing was made: a scan remembers its first screen in the index.
    let index = { LibraryIndex.open(root: fixture.tree.root.path, location: fixture.library.index) }
    #expect(try #require(index()).rememberedListing().isEmpty)
    _ = fixture.library.scan()
    #expect(try #require(index()).rememberedListing().count == 3, "what a scan leaves")
  }

  /// The iOS 17+ prompt's count and newest photos, read from the index by a command, are what a
  /// whole listing gives: hidden assets and Live Photo movies left out.
  @Test func aCommandsPromptCountsTheLibraryInTheIndex() throws {
    let (fixture, library, state) = try IndexedBaselineTests.makeFixture()
    defer {
      fixture.remove()
      try? FileManager.default.removeItem(at: state)
    }
    let session = PhotoLibrarySession(
      bundleID: "com.example.app", ios: .newest, backend: library,
      store: MemoryAuthorizationStore([:]))
    let prompt = try session.promptLibrary()
    var unindexed = library
    unindexed.index = .none
    let whole = PromptLibrary(try unindexed.allAssets())
    #expect(prompt == whole)
    #expect(whole.count > AuthorizationPrompt.sampleCount)
    #expect(!whole.sampleAssetIDs.contains("root-new.jpg"), "hidden")
  }

  /// Inside `withOneLook`, a command's lookups and counts share one refresh of the index (a file
  /// added meanwhile is not seen, until a refresh records it); another thread refreshes for
  /// itself, and after it each call looks again.
  @Test func oneLookServesEveryLookupOfItsThread() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try fixture.tree.file("a.jpg")
    let session = PhotoLibrarySession(
      bundleID: "com.example.app", ios: .newest, backend: fixture.library,
      store: MemoryAuthorizationStore([:]))
    @Sendable func exists(_ id: String) -> Bool { (try? session.checkAssetsExist([id])) != nil }
    let (inside, elsewhere, count) = try session.withOneLook {
      try session.withOneLook {
        #expect(exists("a.jpg"))
        try fixture.tree.file("b.jpg")
        let inside = (exists("b.jpg"), try session.promptLibrary().count)
        nonisolated(unsafe) var seenElsewhere = false
        let done = DispatchSemaphore(value: 0)
        Thread {
          seenElsewhere = exists("b.jpg")
          done.signal()
        }.start()
        done.wait()
        return (inside.0, seenElsewhere, inside.1)
      }
    }
    #expect(!inside && count == 1, "the look taken before b.jpg was added")
    // A file the launch saves itself is seen by the next lookup of the same look.
    let saved = try session.withOneLook { () throws -> Bool in
      #expect(exists("a.jpg"))
      let source = fixture.tree.root.appendingPathComponent("a.jpg")
      let asset = try fixture.library.importFile(at: source, album: "Saved")
      #expect(!exists(asset.id), "the backend alone does not tell the session")
      session.notify(.assetsChanged([asset.id]))
      return exists(asset.id)
    }
    #expect(saved)
    #expect(elsewhere, "another thread looks for itself")
    let after = try session.promptLibrary().count
    #expect(exists("b.jpg") && after == 3)
  }
}
