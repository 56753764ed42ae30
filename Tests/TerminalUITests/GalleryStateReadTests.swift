import Foundation
import PhotoLibrary
import PickerCore
import TestSupport
import Testing

@testable import TerminalUI

/// The app's state is read from its store only when the store's version of it changed: a key
/// press that changes nothing reads no file.
@Suite struct GalleryStateReadTests {
  /// The file store, counting the reads of the app's record.
  final class CountingStore: AuthorizationStateStore, @unchecked Sendable {
    let file: FileAuthorizationStore
    private let lock = NSLock()
    private var count = 0
    var reads: Int { lock.withLock { count } }

    init(directory: URL) { file = FileAuthorizationStore(directory: directory) }

    private func counted<T>(_ body: () throws -> T) rethrows -> T {
      lock.withLock { count += 1 }
      return try body()
    }

    func load(bundleID: String) throws -> AuthorizationState {
      try counted { try file.load(bundleID: bundleID) }
    }

    func loadStored(bundleID: String) throws -> StoredAuthorization {
      try counted { try file.loadStored(bundleID: bundleID) }
    }

    func recordVersion(bundleID: String) -> AnyHashable? { file.recordVersion(bundleID: bundleID) }

    func commit<T>(bundleID: String, _ body: (inout AuthorizationState) throws -> T) throws
      -> StoreCommit<T>
    {
      try counted { try file.commit(bundleID: bundleID, body) }
    }

    func observe(
      bundleID: String,
      _ handler: @escaping @Sendable (Result<StoredAuthorization, any Error>) -> Void
    ) throws -> LibraryObservation {
      try file.observe(bundleID: bundleID, handler)
    }
  }

  @Test(arguments: [false, true])
  func keyPressesThatChangeNothingReadNoState(authorized: Bool) throws {
    let root = try TestPaths.makeTemporaryDirectory("gallery-state-reads")
    defer { try? FileManager.default.removeItem(at: root) }
    let store = CountingStore(directory: root)
    if authorized {
      try store.file.update(bundleID: GalleryHarness.bundleID) { $0.apply(.grant, to: .photos) }
    }
    let app = try GalleryHarness.launch(
      backend: MemoryLibraryBackend(ids: GalleryHarness.ids), store: store)
    let session = app.device.session
    #expect(authorized ? app.model.picker.status == .authorized : app.model.picker.overlay != nil)

    let before = store.reads
    for key: Key in [.right, .left, .right, .left, .down, .up] { app.handle(.key(key)) }
    #expect(store.reads == before)

    // A change made elsewhere is read at the next look.
    try FileAuthorizationStore(directory: root).update(bundleID: GalleryHarness.bundleID) {
      $0.apply(.revoke, to: .photos)
    }
    _ = try session.state()
    #expect(store.reads == before + 1)
  }
}
