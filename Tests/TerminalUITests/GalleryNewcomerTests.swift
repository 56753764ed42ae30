import Foundation
import PhotoLibrary
import PickerCore
import Testing

@testable import TerminalUI

/// What a newcomer reads first: which album is shown, and the keys that matter, at any width.
@Suite struct GalleryNewcomerTests {
  @Test func theTitleNamesTheAlbumShown() throws {
    let harness = try GalleryHarness.authorized()
    #expect(harness.screen.text(row: 0).contains("· Recents"))
    harness.press(.character("a"))
    harness.press(.down, .enter)
    let album = harness.model.picker.albumTitle
    #expect(album != "Recents")
    #expect(
      harness.screen.text(row: 0).hasSuffix("· \(album)")
        || harness.screen.text(row: 0).contains("· \(album) "))
  }

  @Test(arguments: [80, 100, 120, 200])
  func theHintLineFitsWithAlbumsAndQuit(columns: Int) throws {
    let harness = try GalleryHarness.authorized(size: TerminalSize(columns: columns, rows: 30))
    let hints = GalleryView.hints(harness.model)
    #expect(hints.count <= columns - 1, "\(hints)")
    #expect(hints.contains("a albums"))
    #expect(hints.hasSuffix("q quit"))
    #expect(harness.screen.contains("q quit"))
  }

  @Test func beforeAccessTheHintLineOffersNoAlbums() throws {
    let harness = try GalleryHarness()
    #expect(!GalleryView.hints(harness.model).contains("a albums"))
  }
}

extension GalleryNewcomerTests {
  @Test func brokenFilesAreCountedApartFromThePhotos() throws {
    var assets = (1...5).map {
      Asset(
        id: "photo-\($0).jpg", url: URL(fileURLWithPath: "/memory/photo-\($0).jpg"),
        creationDate: Date(timeIntervalSinceReferenceDate: 700_000_000 - Double($0)),
        pixelWidth: 4, pixelHeight: 3, album: nil)
    }
    assets += (1...2).map {
      Asset(
        id: "broken-\($0).jpg", url: URL(fileURLWithPath: "/memory/broken-\($0).jpg"),
        creationDate: Date(timeIntervalSinceReferenceDate: 600_000_000 - Double($0)),
        pixelWidth: 0, pixelHeight: 0, album: nil)
    }
    var state = AuthorizationState.firstLaunch
    state.apply(.grant, to: .photos)
    let app = try GalleryHarness.launch(
      backend: MemoryLibraryBackend(assets: assets),
      store: MemoryAuthorizationStore([GalleryHarness.bundleID: state]))
    #expect(app.model.picker.infoLines == ["Status: authorized", "Photos: 5 · 2 unreadable"])
    #expect(GalleryView.render(app.model).contains("Photos: 5 · 2 unreadable"))
  }
}
