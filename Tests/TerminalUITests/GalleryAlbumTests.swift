import Foundation
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
      device: try SimulatedDevice(session: session, libraryPath: "/memory"),
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

  @Test func aFilterOffersOnlyLivePhotos() throws {
    let app = try Self.app(filter: .livePhotos)
    #expect(app.model.picker.assets.map(\.id) == ["IMG_0001.HEIC"])
  }
}
