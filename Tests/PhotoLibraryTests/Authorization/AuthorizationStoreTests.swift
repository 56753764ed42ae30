import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// The per-app file store under the session: damage is reported and never read as granted,
/// crash leftovers are harmless, and concurrent writers never lose an update.
@Suite struct AuthorizationStoreTests {
  static func session(
    _ directory: URL, state: AuthorizationState? = nil, ids: [String] = ["a.jpg", "b.jpg"]
  ) throws -> PhotoLibrarySession {
    let store = FileAuthorizationStore(directory: directory)
    if let state { try store.update(bundleID: "com.example.test") { $0 = state } }
    return PhotoLibrarySession(
      bundleID: "com.example.test", ios: .iOS17, backend: MemoryLibraryBackend(ids: ids),
      store: store, responder: .scripted(.allow))
  }

  static func file(_ directory: URL) -> URL {
    directory.appendingPathComponent("com.example.test.json")
  }

  @Test func stateSurvivesARelaunch() throws {
    let directory = try TestPaths.makeTemporaryDirectory("perm-store")
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try Self.session(directory).requestAuthorization(.readWrite)
    #expect(try Self.session(directory).authorizationStatus(for: .readWrite) == .authorized)
  }

  @Test(arguments: [
    "", "{", "{\"version\":1,\"value\":{\"readWrite\":\"sure\"}}", "null", "not json at all",
  ])
  func damagedFileIsReportedAndGrantsNothing(contents: String) throws {
    let directory = try TestPaths.makeTemporaryDirectory("perm-store")
    defer { try? FileManager.default.removeItem(at: directory) }
    let session = try Self.session(directory, state: AuthorizationState(readWrite: .authorized))
    try Data(contents.utf8).write(to: Self.file(directory))
    #expect {
      try session.fetchAssets()
    } throws: { error in
      (error as? StoreError)?.path == Self.file(directory).path
    }
    #expect(throws: StoreError.self) { try session.authorizationStatus(for: .readWrite) }
    #expect(throws: StoreError.self) { try session.requestAuthorization(.readWrite) }
    #expect(throws: StoreError.self) {
      try session.add(fileAt: URL(fileURLWithPath: "/tmp/x.jpg"), album: nil)
    }
    // The damaged file was not overwritten by any of the above.
    #expect(try Data(contentsOf: Self.file(directory)) == Data(contents.utf8))
    // privacy reset is the way out.
    try session.resetAll()
    #expect(try session.state() == .firstLaunch)
  }

  @Test func crashLeftoversAreIgnoredAndCleanedUp() throws {
    let directory = try TestPaths.makeTemporaryDirectory("perm-store")
    defer { try? FileManager.default.removeItem(at: directory) }
    let session = try Self.session(directory, state: AuthorizationState(readWrite: .limited))
    let leftover = directory.appendingPathComponent(".com.example.test.json.tmp-99999-crash")
    try Data("{\"version\":1,\"value\":{\"readWr".utf8).write(to: leftover)
    #expect(try session.authorizationStatus(for: .readWrite) == .limited)
    try session.setRestricted(true)
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
    #expect(try session.authorizationStatus(for: .readWrite) == .restricted)
  }

  @Test func concurrentCreationsUnderLimitedAreNeverLost() throws {
    let directory = try TestPaths.makeTemporaryDirectory("perm-store")
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try Self.session(directory, state: AuthorizationState(readWrite: .limited))
    let errors = LockedList<String>()
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      do {
        // Each thread is its own launch with its own view of the store, as two processes.
        let session = try Self.session(directory)
        for index in 0..<10 {
          _ = try session.add(
            fileAt: URL(fileURLWithPath: "/tmp/t\(thread)-\(index).jpg"), album: nil)
        }
      } catch {
        errors.append("\(error)")
      }
    }
    #expect(errors.all.isEmpty)
    let state = try Self.session(directory).state()
    #expect(state.limitedSelection.count == 80)
    #expect(state.createdAssetIDs.count == 80)
  }
}
