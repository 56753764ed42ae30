import Foundation
import ImageDecoding
import PhotoLibrary
import PickerCore
import Testing

@testable import TerminalUI

/// A gallery over an in-memory device: twelve photos, the real permission model, a memory
/// store. Keys and events go through the same `GalleryApp` the terminal loop drives.
struct GalleryHarness {
  static let ids = (1...12).map { String(format: "photo-%02d.jpg", $0) }
  static let bundleID = "com.example.picker"

  let app: GalleryApp
  let store: MemoryAuthorizationStore
  /// The thumbnails the app asked for, in order.
  let requested: RequestLog

  final class RequestLog: @unchecked Sendable {
    var ids: [String] = []
  }

  /// A launched gallery over the photos `ids`; `setup` prepares the stored state (as
  /// `photogate privacy` would).
  init(
    mode: GalleryMode = .browse, size: TerminalSize = TerminalSize(columns: 120, rows: 40),
    ios: IOSVersion = .newest, limit: Int? = nil, previews: (any PreviewBackend)? = nil,
    ids: [String] = Self.ids, setup: (inout AuthorizationState) -> Void = { _ in }
  ) throws {
    var state = AuthorizationState.firstLaunch
    setup(&state)
    store = MemoryAuthorizationStore([Self.bundleID: state])
    let session = PhotoLibrarySession(
      bundleID: Self.bundleID, ios: ios, backend: MemoryLibraryBackend(ids: ids),
      store: store)
    let device = try SimulatedPhone(session: session, libraryPath: "/memory")
    let log = RequestLog()
    requested = log
    var model = GalleryModel(mode: mode, size: size, selectionLimit: limit)
    if let previews { model.previews = previews }
    app = GalleryApp(
      model: model, device: device,
      requestThumbnails: { items in log.ids += items.map(\.id) })
    app.start()
  }

  /// A launched gallery app at 120 × 40 over `backend` and `store`, for tests that need their
  /// own library or store (a file store, a library that changes).
  static func launch(
    backend: any PhotoLibraryBackend, store: any AuthorizationStateStore,
    model: GalleryModel = GalleryModel(
      mode: .browse, size: TerminalSize(columns: 120, rows: 40)),
    requestThumbnails: @escaping ([(id: String, url: URL)]) -> Void = { _ in }
  ) throws -> GalleryApp {
    let session = PhotoLibrarySession(
      bundleID: bundleID, ios: .newest, backend: backend, store: store)
    let app = GalleryApp(
      model: model, device: try SimulatedPhone(session: session, libraryPath: "/memory"),
      requestThumbnails: requestThumbnails)
    app.start()
    return app
  }

  /// A harness whose app has full access already.
  static func authorized(
    mode: GalleryMode = .browse, size: TerminalSize = TerminalSize(columns: 120, rows: 40),
    limit: Int? = nil
  ) throws -> GalleryHarness {
    try GalleryHarness(mode: mode, size: size, limit: limit) { $0.apply(.grant, to: .photos) }
  }

  func press(_ keys: Key...) { for key in keys { app.handle(.key(key)) } }

  func press(_ keys: [Key]) { for key in keys { app.handle(.key(key)) } }

  var model: GalleryModel { app.model }

  var screen: CellBuffer { GalleryView.render(app.model) }

  var stored: AuthorizationState { (try? store.load(bundleID: Self.bundleID)) ?? .firstLaunch }

  /// A solid 8 × 6 image of one colour.
  static func image(_ rgb: (UInt8, UInt8, UInt8)) -> PixelImage {
    PixelImage(
      width: 8, height: 6,
      pixels: [UInt8]((0..<48).flatMap { _ in [rgb.0, rgb.1, rgb.2, 255] }))
  }
}

extension CellBuffer {
  /// Whether some row holds `text`.
  func contains(_ text: String) -> Bool {
    (0..<height).contains { self.text(row: $0).contains(text) }
  }

  /// The first (column, row) where `text` starts.
  func find(_ text: String) -> (x: Int, y: Int)? {
    for y in 0..<height {
      let row = self.text(row: y)
      if let range = row.range(of: text) {
        return (row.distance(from: row.startIndex, to: range.lowerBound), y)
      }
    }
    return nil
  }
}

@Suite struct GalleryHarnessTests {
  @Test func aFirstLaunchShowsTheReadWritePromptOverAnEmptyGrid() throws {
    let harness = try GalleryHarness()
    guard case .systemPrompt = harness.model.picker.overlay else {
      Issue.record("no prompt: \(String(describing: harness.model.picker.overlay))")
      return
    }
    #expect(harness.model.picker.assets.isEmpty)
    #expect(harness.screen.contains("Allow Full Access"))
  }
}
