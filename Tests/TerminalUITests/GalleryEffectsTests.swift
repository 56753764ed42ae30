import Foundation
import ImageDecoding
import PhotoLibrary
import PickerCore
import Testing

@testable import TerminalUI

/// A gate a background call waits at until the test opens it.
private final class Gate: @unchecked Sendable {
  private let condition = NSCondition()
  private var isOpen = false
  private var waiting = 0

  func pass() {
    condition.lock()
    waiting += 1
    condition.broadcast()
    while !isOpen { condition.wait() }
    waiting -= 1
    condition.unlock()
  }

  func open() {
    condition.lock()
    isOpen = true
    condition.broadcast()
    condition.unlock()
  }

  /// Whether some call is held at the gate now.
  var isHolding: Bool {
    condition.lock()
    defer { condition.unlock() }
    return waiting > 0
  }
}

/// The memory library, each listing held at `gate` (a slow disk, a slow engine call).
private struct GatedLibrary: PhotoLibraryBackend {
  let inner: MemoryLibraryBackend
  let gate: Gate

  func allAssets() throws -> AssetList {
    gate.pass()
    return try inner.allAssets()
  }

  func importFile(at url: URL, album: String?) throws -> Asset {
    try inner.importFile(at: url, album: album)
  }
}

/// The gallery's loop as ``GalleryRunner`` runs it, without a terminal: it takes the posted
/// events, hands them to the app and draws a frame after each batch.
///
/// Sendable by hand (`@unchecked`): the last frame is touched only under `lock`.
private final class Loop: @unchecked Sendable {
  let events = EventQueue()
  private let lock = NSLock()
  private var frame = ""
  private var finished = false

  /// Starts the loop on a thread of its own; `makeApp` runs there (the app is the loop's).
  func start(_ makeApp: @escaping @Sendable (EventQueue) throws -> GalleryApp) {
    let events = events
    Thread.detachNewThread { [self] in
      guard let app = try? makeApp(events) else { return }
      app.start()
      while !lock.withLock({ finished }) {
        let screen = GalleryView.render(app.model)
        let text = (0..<screen.height).map { screen.text(row: $0) }.joined(separator: "\n")
        lock.withLock { frame = text }
        for event in events.takeAll(until: Date().addingTimeInterval(0.05)) { app.handle(event) }
      }
    }
  }

  func stop() { lock.withLock { finished = true } }

  /// Waits until the last frame drawn holds `text`, at most `timeout` seconds.
  func waitForFrame(containing text: String, timeout: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if lock.withLock({ frame.contains(text) }) { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return false
  }

  var lastFrame: String { lock.withLock { frame } }
}

@Suite struct GalleryEffectsTests {
  /// A solid 8 × 6 image.
  static let picture = PixelImage(
    width: 8, height: 6, pixels: [UInt8]((0..<48).flatMap { _ in [40, 90, 200, 255] }))

  @Test func keysAreHandledAndDrawnWhileTheEngineAndAThumbnailAreSlow() throws {
    let library = Gate()
    let thumbnails = Gate()
    defer {
      library.open()
      thumbnails.open()
    }
    let loop = Loop()
    defer { loop.stop() }
    let ids = GalleryHarness.ids
    loop.start { events in
      var state = AuthorizationState.firstLaunch
      state.apply(.grant, to: .photos)
      let session = PhotoLibrarySession(
        bundleID: GalleryHarness.bundleID, ios: .newest,
        backend: GatedLibrary(inner: MemoryLibraryBackend(ids: ids), gate: library),
        store: MemoryAuthorizationStore([GalleryHarness.bundleID: state]))
      let device = try SimulatedPhone(session: session, libraryPath: "/memory")
      // A loader whose decodes wait at the gate, on threads of their own.
      return GalleryApp(
        model: GalleryModel(mode: .browse, size: TerminalSize(columns: 120, rows: 40)),
        device: device,
        requestThumbnails: { items in
          for item in items {
            Thread.detachNewThread {
              thumbnails.pass()
              events.post(.thumbnailLoaded(id: item.id, image: Self.picture))
            }
          }
        },
        effects: .background(post: events.post))
    }

    // The launch reads the library, which waits at its gate: the loop still takes keys.
    #expect(waitUntil { library.isHolding }, "the library was never read")
    loop.events.post(.key(.character("?")))
    #expect(
      loop.waitForFrame(containing: "permission menu (Settings"),
      "the help was not drawn while the engine was busy:\n\(loop.lastFrame)")
    #expect(!loop.lastFrame.contains("Photos: 12"))

    library.open()
    loop.events.post(.key(.escape))
    #expect(
      loop.waitForFrame(containing: "Photos: 12"),
      "the grid never arrived:\n\(loop.lastFrame)")

    // The thumbnails wait at theirs: keys still move the focus and draw it.
    #expect(waitUntil { thumbnails.isHolding }, "no thumbnail was asked for")
    #expect(loop.waitForFrame(containing: "loading"), "no placeholder:\n\(loop.lastFrame)")
    loop.events.post(.key(.character("?")))
    #expect(
      loop.waitForFrame(containing: "permission menu (Settings"),
      "the help was not drawn while thumbnails were decoding:\n\(loop.lastFrame)")
    loop.events.post(.key(.escape))
    thumbnails.open()
    #expect(
      waitUntil {
        let frame = loop.lastFrame
        return !frame.contains("loading") && !frame.contains("permission menu (Settings")
      }, "the thumbnails never arrived:\n\(loop.lastFrame)")
  }

  /// Polls `condition` until it holds or `timeout` seconds pass.
  func waitUntil(timeout: Double = 30, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return condition()
  }
}
