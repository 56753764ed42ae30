import Foundation
import PhotoLibrary
import PickerCore
import TestSupport
import Testing

@testable import TerminalUI

/// Events the device posts, collected for a test to hand to the app one by one.
final class PostedEvents: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [GalleryEvent] = []

  func post(_ event: GalleryEvent) { lock.withLock { events.append(event) } }

  /// The next event if one has arrived, removed.
  func take() -> GalleryEvent? {
    lock.withLock { events.isEmpty ? nil : events.removeFirst() }
  }

  /// Waits (a generous bound, never asserted as a time) for the next event and removes it.
  func next() async throws -> GalleryEvent? {
    for _ in 0..<500 {
      if let event = lock.withLock({ events.isEmpty ? nil : events.removeFirst() }) {
        return event
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("no event arrived")
    return nil
  }
}

/// The gallery and another writer on one store: the gallery never undoes what the other
/// wrote, and hears it (a selection change refreshes the screen, a Settings change
/// terminates the app).
@Suite struct GalleryStoreChangeTests {
  @Test func aChangeMadeElsewhereIsNeverUndoneByTheGallery() throws {
    let harness = try GalleryHarness(setup: { $0.apply(.grant, to: .photosLimited) })
    // Another process grants add-only while the gallery runs…
    try harness.store.update(bundleID: GalleryHarness.bundleID) { $0.addOnly = .authorized }
    // …and the gallery then saves a selection in the limited picker.
    harness.press(.enter)  // Select More Photos…
    harness.press(.space, .enter)
    #expect(harness.stored.limitedSelection == ["photo-01.jpg"])
    #expect(harness.stored.addOnly == .authorized)
  }

  @Test func aSelectionChangedElsewhereRefreshesTheScreen() async throws {
    let harness = try GalleryHarness(setup: {
      $0.apply(.grant, to: .photosLimited)
      $0.limitedSelection = ["photo-01.jpg"]
    })
    harness.press(.escape)  // dismisses the automatic alert: Keep Current Selection
    #expect(harness.model.picker.infoLines == ["Status: limited", "Photos: 1"])
    let events = PostedEvents()
    try harness.app.device.start { events.post(GalleryEvent($0)) }
    defer { harness.app.device.stop() }

    _ = try harness.store.update(bundleID: GalleryHarness.bundleID) {
      $0.limitedSelection.insert("photo-02.jpg")
    }
    let event = try #require(try await events.next())
    harness.app.handle(event)
    #expect(harness.model.picker.infoLines == ["Status: limited", "Photos: 2"])
  }

  @Test func aSettingsChangeMadeElsewhereTerminatesAndTheRelaunchSeesIt() async throws {
    let harness = try GalleryHarness(setup: { $0.apply(.grant, to: .photosLimited) })
    harness.press(.escape)
    let events = PostedEvents()
    try harness.app.device.start { events.post(GalleryEvent($0)) }
    defer { harness.app.device.stop() }

    let other = PhotoLibrarySession(
      bundleID: GalleryHarness.bundleID, ios: .newest,
      backend: MemoryLibraryBackend(ids: GalleryHarness.ids), store: harness.store)
    #expect(throws: PhotoLibraryError.self) { try other.chooseInSettings(.allPhotos) }
    let event = try #require(try await events.next())
    harness.app.handle(event)
    guard case .terminated(let reason, _) = harness.model.picker.overlay else {
      Issue.record("no termination notice: \(String(describing: harness.model.picker.overlay))")
      return
    }
    #expect(reason == .settingsChanged(from: .selectedPhotos, to: .allPhotos))
    #expect(harness.screen.contains("App terminated"))
    harness.press(.enter)  // Relaunch
    #expect(harness.model.picker.infoLines == ["Status: authorized", "Photos: 12"])
  }

  @Test func aStateFileDamagedElsewhereIsReportedOnTheNoticeLine() async throws {
    let folder = try TestPaths.makeTemporaryDirectory("gallery-store")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = FileAuthorizationStore(directory: folder)
    try store.update(bundleID: GalleryHarness.bundleID) { $0.apply(.grant, to: .photos) }
    let app = try GalleryHarness.launch(
      backend: MemoryLibraryBackend(ids: GalleryHarness.ids), store: store)
    let events = PostedEvents()
    try app.device.start { events.post(GalleryEvent($0)) }
    defer { app.device.stop() }

    let file = try store.fileStore(bundleID: GalleryHarness.bundleID).url
    try Data("{".utf8).write(to: file)
    let event = try #require(try await events.next())
    app.handle(event)
    #expect(app.model.notice?.contains(file.path) == true)
    #expect(app.model.notice?.contains("damaged") == true)
  }
}
