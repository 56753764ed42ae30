import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// Two launches on one store (two sessions in one process, or on one state folder): each hears
/// what the other changes, as a running iOS app hears Settings and the limited picker.
@Suite struct SessionStoreChangeTests {
  static let bundleID = "com.example.test"
  static let limited = AuthorizationState(
    readWrite: .limited, limitedSelection: ["a.jpg"], requestedLevels: [.readWrite])

  /// The two kinds of store a session runs on, holding `limited`.
  enum Kind: String, CaseIterable, Sendable {
    case memory
    case file
  }

  /// Two sessions of the same app over one store, and a clean-up.
  static func sessions(_ kind: Kind, extraIDs: [String] = []) throws -> (
    running: PhotoLibrarySession, other: PhotoLibrarySession, cleanUp: () -> Void
  ) {
    let backend = MemoryLibraryBackend(ids: ["a.jpg", "b.jpg", "c.jpg"] + extraIDs)
    switch kind {
    case .memory:
      let store = MemoryAuthorizationStore([bundleID: limited])
      return (
        PhotoLibrarySession(bundleID: bundleID, ios: .iOS17, backend: backend, store: store),
        PhotoLibrarySession(bundleID: bundleID, ios: .iOS17, backend: backend, store: store),
        {}
      )
    case .file:
      let folder = try TestPaths.makeTemporaryDirectory("session-store")
      let state = folder.appendingPathComponent("state")
      try FileAuthorizationStore(directory: state).update(bundleID: bundleID) { $0 = limited }
      // Separate store values, as two processes have.
      return (
        PhotoLibrarySession(
          bundleID: bundleID, ios: .iOS17, backend: backend,
          store: FileAuthorizationStore(directory: state)),
        PhotoLibrarySession(
          bundleID: bundleID, ios: .iOS17, backend: backend,
          store: FileAuthorizationStore(directory: state)),
        { try? FileManager.default.removeItem(at: folder) }
      )
    }
  }

  @Test(arguments: Kind.allCases)
  func aSelectionChangedElsewhereReachesTheObserversOnceAndInOrder(kind: Kind) async throws {
    let (running, other, cleanUp) = try Self.sessions(kind)
    defer { cleanUp() }
    let heard = LockedList<PhotoLibraryChange>()
    running.register { heard.append($0) }
    let observation = try running.observeStoreChanges()
    defer { observation.cancel() }

    try other.editLimitedSelection(adding: ["b.jpg"], removing: [])
    try await heard.wait(for: .selectionChanged)
    #expect(try running.fetchAssets().map(\.id) == ["a.jpg", "b.jpg"])
    // This launch's own change is heard once (its own notice), not again from the store.
    try running.editLimitedSelection(adding: ["c.jpg"], removing: [])
    try other.editLimitedSelection(adding: [], removing: ["a.jpg"])
    try await heard.waitForCount(3)
    #expect(heard.all == [.selectionChanged, .selectionChanged, .selectionChanged])
    #expect(try running.fetchAssets().map(\.id) == ["b.jpg", "c.jpg"])
    #expect(running.terminationReason == nil)
  }

  @Test(arguments: Kind.allCases)
  func aSettingsChangeMadeElsewhereTerminatesTheRunningLaunch(kind: Kind) async throws {
    let (running, other, cleanUp) = try Self.sessions(kind)
    defer { cleanUp() }
    let heard = LockedList<PhotoLibraryChange>()
    running.register { heard.append($0) }
    let observation = try running.observeStoreChanges()
    defer { observation.cancel() }

    #expect(throws: PhotoLibraryError.self) { try other.chooseInSettings(.allPhotos) }
    try await heard.wait(for: .authorizationChanged)
    #expect(running.terminationReason == .settingsChanged(from: .selectedPhotos, to: .allPhotos))
    #expect(throws: PhotoLibraryError.terminated(running.terminationReason!)) {
      try running.fetchAssets()
    }
    running.relaunch()
    #expect(try running.fetchAssets().count == 3)
  }

  /// The observing launch and another one edit the selection at the same time, from threads:
  /// no edit is lost, and the observing launch ends up seeing every one.
  @Test(arguments: Kind.allCases)
  func editsMadeAtOnceByBothLaunchesAreAllKept(kind: Kind) async throws {
    let picked = (0..<15).flatMap { ["r\($0).jpg", "o\($0).jpg"] }
    let (running, other, cleanUp) = try Self.sessions(kind, extraIDs: picked)
    defer { cleanUp() }
    let observation = try running.observeStoreChanges()
    defer { observation.cancel() }
    let failures = LockedList<String>()
    await withTaskGroup(of: Void.self) { group in
      for (name, session) in [("r", running), ("o", other)] {
        group.addTask {
          for index in 0..<15 {
            do {
              try session.editLimitedSelection(adding: ["\(name)\(index).jpg"], removing: [])
            } catch {
              failures.append("\(error)")
            }
          }
        }
      }
    }
    #expect(failures.all.isEmpty)
    let expected = AssetIDSet(["a.jpg"] + (0..<15).flatMap { ["r\($0).jpg", "o\($0).jpg"] })
    #expect(try running.state().limitedSelection == expected)
    #expect(running.terminationReason == nil)
  }

  @Test func aPrivacyResetMadeElsewhereTerminatesTheRunningLaunch() async throws {
    let (running, other, cleanUp) = try Self.sessions(.file)
    defer { cleanUp() }
    let heard = LockedList<PhotoLibraryChange>()
    running.register { heard.append($0) }
    let observation = try running.observeStoreChanges()
    defer { observation.cancel() }
    try other.apply(.reset, to: .photos)
    try await heard.wait(for: .authorizationChanged)
    #expect(running.terminationReason == .privacyChanged)
  }
}

/// `requestAuthorization` one step at a time, as the picker screen drives it.
@Suite struct SessionRequestStepTests {
  @Test func theStepsBeginPromptAnswerLimitedPickerAndFinish() throws {
    let store = MemoryAuthorizationStore()
    let session = PhotoLibrarySession(
      bundleID: "app", ios: .iOS17, backend: MemoryLibraryBackend(ids: ["a.jpg", "b.jpg"]),
      store: store)
    guard case .prompt(let prompt) = try session.beginRequest(.readWrite) else {
      Issue.record("no prompt")
      return
    }
    #expect(prompt.photoCountText == "2 Photos")
    // Nothing is stored while the prompt waits.
    #expect(try store.load(bundleID: "app") == .firstLaunch)
    guard case .limitedPicker(let picker, _) = try session.answer(prompt, with: .limited) else {
      Issue.record("the limited option did not open the picker")
      return
    }
    #expect(picker.selection.isEmpty)
    let finished = try session.finishLimitedPicker(.done(["b.jpg"]))
    #expect(finished.handlerStatus == .limited)
    #expect(finished.added == ["b.jpg"])
    #expect(try session.fetchAssets().map(\.id) == ["b.jpg"])
    // A picker opened later has no request waiting on it.
    #expect(try session.finishLimitedPicker(.done(["a.jpg"])).handlerStatus == nil)
  }

  @Test func anAnswerToAPromptSettledElsewhereReportsTheSettledStatus() throws {
    let store = MemoryAuthorizationStore()
    let backend = MemoryLibraryBackend(ids: ["a.jpg"])
    let session = PhotoLibrarySession(
      bundleID: "app", ios: .iOS17, backend: backend, store: store)
    guard case .prompt(let prompt) = try session.beginRequest(.readWrite) else {
      Issue.record("no prompt")
      return
    }
    try store.update(bundleID: "app") { $0.apply(.grant, to: .photos) }
    #expect(try session.answer(prompt, with: .deny) == .completed(.authorized))
    #expect(try store.load(bundleID: "app").readWrite == .authorized)
  }
}
