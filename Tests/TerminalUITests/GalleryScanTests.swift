import Foundation
import PhotoLibrary
import PickerCore
import TestSupport
import Testing

@testable import TerminalUI

/// The gallery starts on the library's listing so far while the first scan runs in the
/// background: the status line shows the scan's progress, and when it ends the final count
/// and order.
@Suite struct GalleryScanTests {
  @Test func aGalleryOverALibraryStillScanningShowsTheProgressThenTheFinalCountNewestFirst()
    async throws
  {
    let root = try TestPaths.makeTemporaryDirectory("gallery-scan")
    defer { try? FileManager.default.removeItem(at: root) }
    let library = root.appendingPathComponent("library")
    try FileManager.default.copyItem(at: TestPaths.sampleImages, to: library)
    let names = try FileManager.default.contentsOfDirectory(atPath: library.path).sorted()
    for (number, name) in names.enumerated() {
      // Distinct dates (for the photos without an EXIF date), oldest first by name.
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000 + Double(number) * 3600)],
        ofItemAtPath: library.appendingPathComponent(name).path)
    }
    let folder = FolderLibrary(root: library, index: .none)
    let store = MemoryAuthorizationStore([
      GalleryHarness.bundleID: {
        var state = AuthorizationState.firstLaunch
        state.apply(.grant, to: .photos)
        return state
      }()
    ])
    let session = PhotoLibrarySession(
      bundleID: GalleryHarness.bundleID, ios: .newest, backend: folder, store: store)

    // The scan pauses long enough after its third file for a listing so far to be kept, and
    // waits after its sixth until the test lets it go on.
    let events = PostedEvents()
    let reached = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let observation = folder.observe(
      detection: .polling(interval: .seconds(3600)),
      baselineProgress: { progress in
        events.post(.scanProgress(progress))
        if progress.listingUpdated { events.post(.libraryChanged) }
        if progress.filesRead == 3 { usleep(300_000) }
        if progress.filesRead == 6 {
          reached.signal()
          gate.wait()
        }
      }
    ) { _ in events.post(.libraryChanged) }
    defer { observation.cancel() }
    reached.wait()

    let device = try SimulatedPhone(session: session, libraryPath: library.path)
    var model = GalleryModel(mode: .browse, size: TerminalSize(columns: 120, rows: 40))
    model.scanning = ScanProgress(filesRead: 0, filesFound: 0)
    let app = GalleryApp(model: model, device: device)
    app.start()
    #expect(GalleryView.render(app.model).contains("Status: authorized   Scanning…"))
    while let event = events.take() { app.handle(event) }
    let found = names.count
    #expect(GalleryView.render(app.model).contains("Status: authorized   Scanning… 6 / \(found)"))
    let provisional = app.model.picker.assets
    #expect(!provisional.isEmpty && provisional.count < 12, "the photos read so far")
    #expect(GalleryRunner().isFirstFullFrame(app.model) == false, "their thumbnails are missing")

    gate.signal()
    while app.model.scanning != nil {
      let event = try #require(try await events.next())
      app.handle(event)
    }
    // The last listing's change notice follows the last report.
    while let event = events.take() { app.handle(event) }
    let screen = GalleryView.render(app.model)
    #expect(screen.contains("Status: authorized   Photos: 12"))
    #expect(!screen.contains("Scanning"))
    let dates = app.model.picker.assets.map(\.creationDate)
    #expect(Set(dates).count > 1)
    #expect(dates == dates.sorted(by: >), "newest first")
    #expect(app.model.picker.assets.map(\.id) == folder.scan().assets.map(\.id))
  }

  @Test(arguments: [
    (0, 0, "Scanning…"), (0, 12, "Scanning… 0 / 12"),
    (41_200, 100_000, "Scanning… 41,200 / 100,000"),
    (999, 1_000, "Scanning… 999 / 1,000"),
    (1_234_567, 2_000_000, "Scanning… 1,234,567 / 2,000,000"),
  ])
  func theScanningStatusGroupsThousands(read: Int, found: Int, text: String) {
    #expect(ScanProgress(filesRead: read, filesFound: found).statusText == text)
  }

  /// A first open through the index reads each folder as it is found: no total yet.
  @Test func whileTheWalkStillCountsTheStatusSaysHowManyFilesWereRead() {
    #expect(
      ScanProgress(filesRead: 41_200, filesFound: 41_200, isCounting: true).statusText
        == "Scanning… 41,200 files")
    #expect(ScanProgress(filesRead: 0, filesFound: 0, isCounting: true).statusText == "Scanning…")
  }
}
