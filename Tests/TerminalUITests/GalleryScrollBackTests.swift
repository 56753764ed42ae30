import Foundation
import ImageDecoding
import PhotoLibrary
import PickerCore
import Testing

@testable import TerminalUI

/// Thumbnails the cache's byte bound dropped are loaded again when they come back into view.
@Suite struct GalleryScrollBackTests {
  /// A launched, authorized gallery over `count` photos whose loader answers every request at
  /// once with a small picture, and whose cache holds about two screens.
  final class Gallery {
    let app: GalleryApp
    private let log = GalleryHarness.RequestLog()
    private var delivered = 0
    /// Every thumbnail the gallery asked for, in order.
    var requests: [String] { log.ids }

    init(count: Int) throws {
      let ids = (1...count).map { String(format: "photo-%04d.jpg", $0) }
      var state = AuthorizationState.firstLaunch
      state.apply(.grant, to: .photos)
      var model = GalleryModel(mode: .browse, size: TerminalSize(columns: 120, rows: 40))
      let pictureBytes = GalleryHarness.image((1, 2, 3)).byteCount
      model.cacheByteLimit = 2 * model.layout.columns * model.layout.rows * pictureBytes
      let log = log
      app = try GalleryHarness.launch(
        backend: MemoryLibraryBackend(ids: ids),
        store: MemoryAuthorizationStore([GalleryHarness.bundleID: state]), model: model,
        requestThumbnails: { items in log.ids += items.map(\.id) })
      deliver()
    }

    /// Answers every request made so far, as the background loader would.
    func deliver() {
      while delivered < log.ids.count {
        let id = log.ids[delivered]
        delivered += 1
        app.handle(.thumbnailLoaded(id: id, image: GalleryHarness.image((1, 2, 3))))
      }
    }

    func press(_ key: Key) {
      app.handle(.key(key))
      deliver()
    }
  }

  @Test func scrollingFortyPagesDownAndBackHomeDrawsTheFirstScreenAgain() throws {
    let gallery = try Gallery(count: 600)
    let firstScreen = gallery.app.model.visibleIDs
    #expect(!firstScreen.isEmpty)
    #expect(gallery.app.model.isFullyLoaded)

    for _ in 0..<40 { gallery.press(.pageDown) }
    #expect(gallery.app.model.isFullyLoaded)
    // The byte bound dropped the first screen's pictures on the way down.
    #expect(firstScreen.allSatisfy { gallery.app.model.images[$0] == nil })

    gallery.press(.home)
    #expect(gallery.app.model.visibleIDs == firstScreen)
    #expect(gallery.app.model.isFullyLoaded)
    for id in firstScreen { #expect(gallery.requests.filter { $0 == id }.count == 2) }
  }

  @Test func movingWithinAScreenAsksForNothing() throws {
    let gallery = try Gallery(count: 600)
    let before = gallery.requests.count
    gallery.press(.right)
    gallery.press(.down)
    gallery.press(.left)
    #expect(gallery.requests.count == before)
  }
}
