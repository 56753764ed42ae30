import Foundation
import ImageDecoding
import PhotoLibrary
import PickerCore
import SnapshotTesting
import TestSupport
import Testing

@testable import TerminalUI

/// Assets in iCloud only in the gallery: a cloud on their tiles; opening one in the preview
/// asks for its download once, shows its progress or why it failed, and shows the full picture
/// once it is on the device. Snapshots: `__Snapshots__/GalleryCloudTests/`.
@Suite struct GalleryCloudTests {
  /// A folder library of three sample photos (`a.jpg` newest), `b.jpg` in iCloud only.
  static func launch() throws -> (GalleryApp, Recorded) {
    let root = try TestPaths.makeTemporaryDirectory("gallery-cloud")
    let library = root.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    for (index, name) in ["c.jpg", "b.jpg", "a.jpg"].enumerated() {
      let file = library.appendingPathComponent(name)
      try FileManager.default.copyItem(
        at: TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg"), to: file)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60)],
        ofItemAtPath: file.path)
    }
    let backend = FolderLibrary(
      root: library,
      attributesStore: LibraryAttributesStore(
        library: library, stateDirectory: root.appendingPathComponent("state")))
    let store = MemoryAuthorizationStore([
      GalleryHarness.bundleID: AuthorizationState(
        readWrite: .authorized, requestedLevels: [.readWrite])
    ])
    try PhotoLibrarySession(
      bundleID: GalleryHarness.bundleID, ios: .newest, backend: backend, store: store
    ).setOffloaded(true, for: ["b.jpg"])
    let recorded = Recorded()
    let app = try GalleryHarness.launch(
      backend: backend, store: store,
      model: {
        var model = GalleryModel(mode: .browse, size: TerminalSize(columns: 80, rows: 24))
        model.previews = HalfBlockPreviews(ImageRenderer(colorMode: .none))
        return model
      }())
    app.requestCloudDownload = { recorded.downloads.append($0) }
    for (index, id) in ["a.jpg", "b.jpg", "c.jpg"].enumerated() {
      let shade = UInt8(60 + index * 40)
      app.handle(.thumbnailLoaded(id: id, image: GalleryHarness.image((shade, shade, shade))))
    }
    return (app, recorded)
  }

  /// What the app asked the runtime for.
  final class Recorded: @unchecked Sendable {
    var downloads: [String] = []
  }

  static func text(_ app: GalleryApp) -> String {
    let screen = GalleryView.render(app.model)
    return (0..<screen.height).map { row in
      String(screen.text(row: row).reversed().drop(while: { $0 == " " }).reversed())
    }.joined(separator: "\n")
  }

  @Test func theTileThePreviewAndTheDownload() throws {
    let (app, recorded) = try Self.launch()
    assertSnapshot(of: Self.text(app), as: .lines, named: "grid")
    app.handle(.key(.right))
    app.handle(.key(.enter))
    #expect(recorded.downloads == ["b.jpg"])
    app.handle(.cloudDownload(id: "b.jpg", .progress(0.42)))
    assertSnapshot(of: Self.text(app), as: .lines, named: "preview-downloading")
    app.handle(.cloudDownload(id: "b.jpg", .failed("the device is offline")))
    assertSnapshot(of: Self.text(app), as: .lines, named: "preview-failed")
    // Reopening the preview tries again; a finished download shows the full picture.
    app.handle(.key(.escape))
    app.handle(.key(.enter))
    #expect(recorded.downloads == ["b.jpg", "b.jpg"])
    app.handle(.cloudDownload(id: "b.jpg", .finished))
    #expect(!GalleryView.render(app.model).contains("☁"))
    #expect(recorded.downloads == ["b.jpg", "b.jpg"])
  }

  @Test func aLocalPhotoDownloadsNothing() throws {
    let (app, recorded) = try Self.launch()
    app.handle(.key(.enter))
    #expect(recorded.downloads.isEmpty)
    #expect(!GalleryView.render(app.model).contains("☁"))
  }

  @Test func theLoaderPostsProgressThenTheEndAndTheAssetIsLocal() async throws {
    let (app, _) = try Self.launch()
    let session = app.device.session
    _ = try session.updateCloudNetwork { $0 = CloudNetwork(bytesPerSecond: 10_000) }
    let events = Posted()
    let loader = CloudDownloadLoader(
      device: app.device, downloader: CloudDownloader(clock: VirtualCloudClock()),
      post: { event in
        if case .cloudDownload(_, let status) = event { events.append(status) }
      })
    loader.start("b.jpg")
    try await events.wait { $0.last == .finished }
    let progress = events.all.dropLast().map { status -> Double in
      if case .progress(let value) = status { return value }
      return -1
    }
    #expect(progress.first == 0 && progress.last == 1)
    #expect(zip(progress, progress.dropFirst()).allSatisfy { $0 < $1 })
    #expect(try !session.isOffloaded("b.jpg"))
  }

  @Test func theLoaderPostsWhyADownloadFailed() async throws {
    let (app, _) = try Self.launch()
    _ = try app.device.session.updateCloudNetwork { $0.isOffline = true }
    let events = Posted()
    let loader = CloudDownloadLoader(
      device: app.device, downloader: CloudDownloader(clock: VirtualCloudClock()),
      post: { event in
        if case .cloudDownload(_, let status) = event { events.append(status) }
      })
    loader.start("b.jpg")
    try await events.wait { !$0.isEmpty }
    #expect(events.all == [.failed("the device is offline: the full version is in iCloud")])
    #expect(try app.device.session.isOffloaded("b.jpg"))
  }

  /// The statuses a loader posted, from its threads.
  final class Posted: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [CloudDownloadStatus] = []
    func append(_ status: CloudDownloadStatus) { lock.withLock { statuses.append(status) } }
    var all: [CloudDownloadStatus] { lock.withLock { statuses } }

    /// Waits (about ten seconds at most) until `condition` holds.
    func wait(_ condition: ([CloudDownloadStatus]) -> Bool) async throws {
      for _ in 0..<1000 where !condition(all) { try await Task.sleep(for: .milliseconds(10)) }
      #expect(condition(all), "never held: \(all)")
    }
  }
}
