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
}
