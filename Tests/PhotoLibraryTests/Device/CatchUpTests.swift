import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// A folder's changes made before an app's change observer registers are handed out when it
/// registers (`catchUp`), so that the observer does not hear them later.
@Suite struct CatchUpTests {
  @Test(arguments: [ChangeDetection.automatic, .polling(interval: .seconds(3600))])
  func aChangeMadeBeforeTheCatchUpIsHandedOutBeforeItReturns(detection: ChangeDetection) throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("kept.jpg")
    let recorder = ChangeRecorder()
    let observation = FolderLibrary(root: tree.root, index: .none).observe(detection: detection) {
      recorder.record($0)
    }
    defer { observation.cancel() }
    try tree.file("new.jpg")
    observation.catchUp()
    #expect(recorder.inserted == ["new.jpg"])
  }

  @Test func thePhoneHearsTheChangesItCaughtUpWithBeforeItReturns() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("kept.jpg")
    var state = AuthorizationState.firstLaunch
    state.apply(.grant, to: .photos)
    let session = PhotoLibrarySession(
      bundleID: "com.example.app", ios: .newest,
      backend: FolderLibrary(root: tree.root, index: .none),
      store: MemoryAuthorizationStore(["com.example.app": state]))
    let phone = try SimulatedPhone(session: session, libraryPath: tree.root.path)
    let events = LockedList<String>()
    phone.observeLibrary(scanInBackground: false, notifyingSession: true) { event in
      if case .libraryChanged = event { events.append("library") }
    }
    defer { phone.stop() }
    #expect(try phone.visibleAssets().map(\.id) == ["kept.jpg"])
    try tree.file("new.jpg")
    phone.catchUpWithLibrary()
    #expect(events.all == ["library"])
    #expect(Set(try phone.visibleAssets().map(\.id)) == ["kept.jpg", "new.jpg"])
  }
}
