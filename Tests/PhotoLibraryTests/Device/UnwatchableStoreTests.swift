import Foundation
import Synchronization
import Testing

@testable import PhotoLibrary

/// A store that cannot be watched (as when the state folder cannot be observed): the phone
/// says so, and the app still hears its own changes.
@Suite struct UnwatchableStoreTests {
  struct WatchFailed: Error {}

  /// The in-memory store, except that `observe` fails.
  struct UnwatchableStore: AuthorizationStateStore {
    let base: MemoryAuthorizationStore
    func load(bundleID: String) throws -> AuthorizationState {
      try base.load(bundleID: bundleID)
    }
    func loadStored(bundleID: String) throws -> StoredAuthorization {
      try base.loadStored(bundleID: bundleID)
    }
    func commit<T>(
      bundleID: String, _ body: (inout AuthorizationState) throws -> T
    ) throws -> StoreCommit<T> {
      try base.commit(bundleID: bundleID, body)
    }
    func observe(
      bundleID: String,
      _ handler: @escaping @Sendable (Result<StoredAuthorization, any Error>) -> Void
    ) throws -> LibraryObservation {
      throw WatchFailed()
    }
  }

  /// Polls `condition` every 10 ms until it holds or 10 s have passed (a deadline, not a
  /// timing assertion).
  static func wait(until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if condition() { return true }
      usleep(10_000)
    }
    return condition()
  }

  @Test func theAppStillHearsItsOwnChangesWhenTheStoreCannotBeWatched() throws {
    var state = AuthorizationState.firstLaunch
    state.apply(.grant, to: .photos)
    let session = PhotoLibrarySession(
      bundleID: "com.example.app", ios: .newest,
      backend: MemoryLibraryBackend(ids: ["a.jpg"]),
      store: UnwatchableStore(base: MemoryAuthorizationStore(["com.example.app": state])))
    let phone = try SimulatedPhone(session: session, libraryPath: "/memory")
    let heard = Mutex<[PhotoLibraryChange]>([])
    #expect(throws: WatchFailed.self) {
      try phone.start { event in
        if case .permissionsChanged(let change) = event { heard.withLock { $0.append(change) } }
      }
    }
    try phone.session.setRestricted(true)
    #expect(Self.wait { heard.withLock { $0 } == [.authorizationChanged] })

    // After stop, the phone's registration is gone: a marker registered later hears the next
    // change (the observer queue is serial), and the phone's list has not grown.
    phone.stop()
    let marker = Mutex(0)
    let markerID = phone.session.register { _ in marker.withLock { $0 += 1 } }
    defer { phone.session.unregister(markerID) }
    try phone.session.setRestricted(false)
    #expect(Self.wait { marker.withLock { $0 } == 1 })
    #expect(heard.withLock { $0 } == [.authorizationChanged])
  }
}
