import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// File changes reach observers only for assets the app may read.
@Suite struct SessionObservationTests {
  @Test func limitedObserversHearOnlyAboutSelectedAssets() async throws {
    let root = try TestPaths.makeTemporaryDirectory("perm-observe")
    defer { try? FileManager.default.removeItem(at: root) }
    let library = root.appendingPathComponent("lib")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    let store = MemoryAuthorizationStore([
      "app": AuthorizationState(readWrite: .limited, limitedSelection: ["x.png"])
    ])
    let session = PhotoLibrarySession(
      bundleID: "app", ios: .iOS17, backend: FolderLibrary(root: library), store: store)
    let changes = LockedList<PhotoLibraryChange>()
    session.register { changes.append($0) }
    let observation = try #require(session.observeLibraryChanges())
    defer { observation.cancel() }
    let sample = TestPaths.sampleImages.appendingPathComponent("chelsea-the-cat.png")
    try FileManager.default.copyItem(at: sample, to: library.appendingPathComponent("hidden.png"))
    try FileManager.default.copyItem(at: sample, to: library.appendingPathComponent("x.png"))
    try await changes.wait(for: .assetsChanged(["x.png"]))
    for case .assetsChanged(let ids) in changes.all {
      #expect(!ids.contains("hidden.png"))
    }
  }

  @Test func aLimitedObserverHearsNothingOfANewFileUnderASelectedName() async throws {
    let root = try TestPaths.makeTemporaryDirectory("perm-observe-reused")
    defer { try? FileManager.default.removeItem(at: root) }
    let library = root.appendingPathComponent("lib")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    let sample = TestPaths.sampleImages.appendingPathComponent("chelsea-the-cat.png")
    let x = library.appendingPathComponent("x.png")
    try FileManager.default.copyItem(at: sample, to: x)
    // z.png is selected before it exists (bare); x.png with the file it names now.
    let store = MemoryAuthorizationStore([
      "app": AuthorizationState(
        readWrite: .limited, limitedSelection: ["z.png"], requestedLevels: [.readWrite])
    ])
    let session = PhotoLibrarySession(
      bundleID: "app", ios: .iOS17, backend: FolderLibrary(root: library), store: store)
    try session.editLimitedSelection(adding: ["x.png"], removing: [])
    let changes = LockedList<PhotoLibraryChange>()
    session.register { changes.append($0) }
    let observation = try #require(session.observeLibraryChanges())
    defer { observation.cancel() }
    try FileManager.default.removeItem(at: x)
    try await changes.wait(for: .assetsChanged(["x.png"]))
    let heard = changes.all.count
    try FileManager.default.copyItem(
      at: TestPaths.sampleImages.appendingPathComponent("coffee-cup-cutout-rgba.png"), to: x)
    try FileManager.default.copyItem(at: sample, to: library.appendingPathComponent("z.png"))
    try await changes.wait(for: .assetsChanged(["z.png"]))
    for case .assetsChanged(let ids) in changes.all.dropFirst(heard) {
      #expect(!ids.contains("x.png"), "the new x.png is not the selected one")
    }
  }
}
