import Foundation
import ImageDecoding
import PhotoLibrary
import PickerCore
import Testing

@testable import TerminalUI

/// The gallery's album switcher, duration and LIVE badges, and the preview's video facts.
@Suite struct GalleryAlbumTests {
  static let assets: [Asset] = [
    Asset(
      id: "IMG_0001.HEIC", url: URL(fileURLWithPath: "/m/IMG_0001.HEIC"),
      creationDate: Date(timeIntervalSince1970: 1_700_000_000), pixelWidth: 4, pixelHeight: 3,
      album: nil, mediaSubtypes: .photoLive),
    Asset(
      id: "IMG_0002.MOV", url: URL(fileURLWithPath: "/m/IMG_0002.MOV"),
      creationDate: Date(timeIntervalSince1970: 1_699_999_000), pixelWidth: 4, pixelHeight: 3,
      album: nil, mediaType: .video, mediaSubtypes: .videoHighFrameRate, duration: 42),
    Asset(
      id: "IMG_0003.JPG", url: URL(fileURLWithPath: "/m/IMG_0003.JPG"),
      creationDate: Date(timeIntervalSince1970: 1_699_998_000), pixelWidth: 4, pixelHeight: 3,
      album: nil),
  ]

  static func app(filter: MediaFilter? = nil) throws -> GalleryApp {
    let store = MemoryAuthorizationStore([
      "com.example.picker": AuthorizationState(
        readWrite: .authorized, requestedLevels: [.readWrite])
    ])
    let session = PhotoLibrarySession(
      bundleID: "com.example.picker", ios: .newest, backend: MemoryLibraryBackend(assets: assets),
      store: store)
    let app = GalleryApp(
      model: GalleryModel(
        mode: .pick, size: TerminalSize(columns: 120, rows: 40), filter: filter),
      device: try SimulatedPhone(session: session, libraryPath: "/memory"),
      requestThumbnails: { _ in })
    app.start()
    return app
  }

  @Test func tilesCarryTheDurationAndLiveBadges() throws {
    let screen = GalleryView.render(try Self.app().model)
    #expect(screen.contains(" 0:42 "))
    #expect(screen.contains(" LIVE "))
  }

  @Test func aOpensTheSwitcherAndEnterShowsTheChosenAlbum() throws {
    let app = try Self.app()
    app.handle(.key(.character("a")))
    #expect(app.model.picker.albumList != nil)
    let list = GalleryView.render(app.model)
    #expect(list.contains("Recents ▾"))
    #expect(list.contains("Videos (1)"))
    #expect(list.contains("Live Photos (1)"))
    // Recents, Favorites, Recently Added, Videos.
    for _ in 0..<3 { app.handle(.key(.down)) }
    app.handle(.key(.enter))
    #expect(app.model.picker.albumList == nil)
    #expect(app.model.picker.assets.map(\.id) == ["IMG_0002.MOV"])
    app.handle(.key(.character("v")))
    #expect(GalleryView.render(app.model).contains("video 0:42 · slow motion"))
  }

  @Test func theSwitcherAsksForEachAlbumsKeyPhotoAndDrawsIt() throws {
    var requested: [String] = []
    let store = MemoryAuthorizationStore([
      "com.example.picker": AuthorizationState(
        readWrite: .authorized, requestedLevels: [.readWrite])
    ])
    let session = PhotoLibrarySession(
      bundleID: "com.example.picker", ios: .newest,
      backend: MemoryLibraryBackend(assets: Self.assets), store: store)
    let app = GalleryApp(
      model: GalleryModel(mode: .browse, size: TerminalSize(columns: 80, rows: 40)),
      device: try SimulatedPhone(session: session, libraryPath: "/memory"),
      requestThumbnails: { items in requested += items.map(\.id) })
    app.start()
    for id in Self.assets.map(\.id) {
      app.handle(
        .thumbnailLoaded(
          id: id, image: PixelImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))
        ))
    }
    requested = []
    app.handle(.key(.character("a")))
    // Recents and Live Photos show the newest photo; Videos its video; empty albums none.
    let rows = try #require(app.model.picker.albumList).rows
    #expect(rows.first { $0.title == "Videos" }?.keyAssetID == "IMG_0002.MOV")
    #expect(rows.first { $0.title == "Favorites" }?.keyAssetID == nil)
    #expect(app.model.visibleIDs.contains("IMG_0002.MOV"))
    #expect(app.model.isFullyLoaded)
    // The thumbnails were loaded for the grid already: nothing is asked again.
    #expect(requested.isEmpty)
    let screen = GalleryView.render(app.model)
    let recents = try #require(
      (0..<screen.height).first { y in screen.text(row: y).contains("Recents (3)") })
    // The key photo's cells, left of the title, are drawn in its colour, not as dots.
    let thumbnail = (1...GalleryView.albumThumbnailColumns).map { screen[$0, recents] }
    #expect(thumbnail.allSatisfy { $0.character != "·" && $0.style != .plain })
    // An album without a photo stays blank (no "loading" dots).
    let favorites = try #require(
      (0..<screen.height).first { y in screen.text(row: y).contains("Favorites (0)") })
    #expect(
      (1...GalleryView.albumThumbnailColumns).allSatisfy { screen[$0, favorites].character == " " })
  }

  @Test func aFilterOffersOnlyLivePhotos() throws {
    let app = try Self.app(filter: .livePhotos)
    #expect(app.model.picker.assets.map(\.id) == ["IMG_0001.HEIC"])
  }
}
