import Foundation
import TestSupport
import Testing

/// `albums`, `assets --album`, `favorite`, `hide` and the media fields of `assets --json`,
/// through the built binary.
@Suite struct MediaCommandsTests {
  static let media = TestPaths.packageRoot.appendingPathComponent(
    "Tests/PhotoLibraryTests/Fixtures/media")
  static let video = TestPaths.packageRoot.appendingPathComponent(
    "Tests/ImageDecodingTests/Fixtures/video")

  /// The permission fixture plus a Live Photo pair and a video in `Camera/`.
  static func fixture() throws -> PermissionCLIFixture {
    let fixture = try PermissionCLIFixture()
    let camera = fixture.library.appendingPathComponent("Camera")
    try FileManager.default.createDirectory(at: camera, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: media.appendingPathComponent("IMG_0001.JPG"),
      to: camera.appendingPathComponent("IMG_0001.JPG"))
    try FileManager.default.copyItem(
      at: video.appendingPathComponent("iphone15pro-hevc-live-photo.mov"),
      to: camera.appendingPathComponent("IMG_0001.MOV"))
    try FileManager.default.copyItem(
      at: video.appendingPathComponent("h264-240fps.mov"),
      to: camera.appendingPathComponent("IMG_0002.MOV"))
    return fixture
  }

  static func json(_ result: CLIRunner.Result) throws -> [[String: Any]] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
  }

  @Test func aLivePhotoIsOneAssetWithTwoResourcesAndAVideoHasItsDuration() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let assets = try Self.json(try fixture.run("assets", "--json"))
    #expect(!assets.contains { $0["id"] as? String == "Camera/IMG_0001.MOV" })
    let live = try #require(assets.first { $0["id"] as? String == "Camera/IMG_0001.JPG" })
    #expect(live["mediaType"] as? String == "image")
    #expect(live["mediaSubtypes"] as? [String] == ["photoLive"])
    let resources = try #require(live["resources"] as? [[String: String]])
    #expect(resources.map { $0["type"] } == ["photo", "pairedVideo"])
    #expect(resources.last?["path"]?.hasSuffix("Camera/IMG_0001.MOV") == true)
    let video = try #require(assets.first { $0["id"] as? String == "Camera/IMG_0002.MOV" })
    #expect(video["mediaType"] as? String == "video")
    #expect(video["mediaSubtypes"] as? [String] == ["videoHighFrameRate"])
    #expect((video["duration"] as? Double ?? 0) > 0)
  }

  @Test func albumsListsSmartAlbumsThenAlbumsWithCountsUnderTheAccess() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let full = try Self.json(try fixture.run("albums", "--json"))
    #expect(full.first?["title"] as? String == "Recents")
    #expect(full.first?["subtype"] as? String == "smartAlbumUserLibrary")
    let total = try Self.json(try fixture.run("assets", "--json")).count
    #expect(full.first?["count"] as? Int == total)
    #expect(full.first { $0["title"] as? String == "Live Photos" }?["count"] as? Int == 1)
    #expect(full.first { $0["title"] as? String == "Videos" }?["count"] as? Int == 1)
    #expect(
      full.contains { $0["type"] as? String == "album" && $0["title"] as? String == "Camera" })
    let types = full.map { $0["type"] as? String ?? "" }
    #expect(types == types.sorted { $0 == "smartAlbum" && $1 == "album" })

    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    #expect(try fixture.run("select", "--add", "Camera/IMG_0001.JPG").status == 0)
    let limited = try Self.json(
      try fixture.run("albums", "--json", "--alert", "keep"))
    #expect(limited.first?["count"] as? Int == 1)
    #expect(!limited.contains { $0["type"] as? String == "album" })
    let livePhotos = try Self.json(
      try fixture.run("assets", "--json", "--album", "livePhotos", "--alert", "keep"))
    #expect(livePhotos.map { $0["id"] as? String } == ["Camera/IMG_0001.JPG"])

    #expect(try fixture.run("privacy", "revoke", "photos").status == 0)
    let denied = try fixture.run("albums", "--json")
    #expect(try Self.json(denied).isEmpty)
  }

  @Test func albumsListsFoldersOfAlbumsByPathAndAssetsTakesTheirPaths() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    for folder in ["Travel/2024", "Travel/2025"] {
      let url = fixture.library.appendingPathComponent(folder)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg"),
        to: url.appendingPathComponent("IMG_1.JPG"))
    }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let rows = try Self.json(try fixture.run("albums", "--json")).filter {
      ($0["path"] as? String)?.hasPrefix("Travel") == true
    }
    #expect(rows.map { $0["path"] as? String } == ["Travel", "Travel/2024", "Travel/2025"])
    #expect(rows.map { $0["type"] as? String } == ["folder", "album", "album"])
    #expect(rows.map { $0["title"] as? String } == ["Travel", "2024", "2025"])
    #expect(rows.map { $0["count"] as? Int } == [2, 1, 1])
    let text = try fixture.run("albums")
    #expect(text.stdout.contains("Travel/\t2\nTravel/2024\t1\nTravel/2025\t1\n"))
    let album = try Self.json(try fixture.run("assets", "--json", "--album", "Travel/2025"))
    #expect(album.map { $0["id"] as? String } == ["Travel/2025/IMG_1.JPG"])
    let folder = try fixture.run("assets", "--album", "Travel")
    #expect(folder.status != 0)
    #expect(folder.stderr.contains("'Travel' is a folder of albums (Travel/2024, Travel/2025)"))
  }

  @Test func favoriteAndHideAreReportedAndUndone() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    #expect(try fixture.run("favorite", "Camera/IMG_0002.MOV").status == 0)
    #expect(try fixture.run("hide", "Camera/IMG_0001.JPG").status == 0)
    var assets = try Self.json(try fixture.run("assets", "--json"))
    #expect(
      assets.first { $0["id"] as? String == "Camera/IMG_0002.MOV" }?["isFavorite"] as? Bool == true)
    #expect(
      assets.first { $0["id"] as? String == "Camera/IMG_0001.JPG" }?["isHidden"] as? Bool == true)
    let hidden = try Self.json(try fixture.run("assets", "--json", "--album", "Hidden"))
    #expect(hidden.map { $0["id"] as? String } == ["Camera/IMG_0001.JPG"])
    #expect(try fixture.run("hide", "--undo", "Camera/IMG_0001.JPG").status == 0)
    assets = try Self.json(try fixture.run("assets", "--json"))
    #expect(assets.allSatisfy { $0["isHidden"] as? Bool == false })
    let missing = try fixture.run("favorite", "nope.jpg")
    #expect(missing.status != 0)
    #expect(missing.stderr.contains("nope.jpg"))
  }
}
