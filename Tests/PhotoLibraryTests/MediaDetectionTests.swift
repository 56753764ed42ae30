import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// Media types, subtypes and traits as the scan reads them from real files.
@Suite struct MediaDetectionTests {
  static let media = TestPaths.packageRoot.appendingPathComponent(
    "Tests/PhotoLibraryTests/Fixtures/media")
  static let video = TestPaths.packageRoot.appendingPathComponent(
    "Tests/ImageDecodingTests/Fixtures/video")

  /// A library holding `files` (library path → source file).
  static func library(_ files: [String: URL]) throws -> (LibraryTree, FolderScan) {
    let tree = try LibraryTree("media")
    for (path, source) in files {
      try tree.file(path, [UInt8](try Data(contentsOf: source)))
    }
    return (tree, FolderLibrary(root: tree.root, timeZone: TimeZone(identifier: "UTC")!).scan())
  }

  static let stills: [(String, MediaType, MediaSubtypes, AssetTraits)] = [
    ("plain.jpg", .image, [], []),
    ("selfie.jpg", .image, [], .frontCamera),
    ("hdr.jpg", .image, .photoHDR, []),
    ("panorama-ios.jpg", .image, .photoPanorama, []),
    ("panorama-gpano.jpg", .image, .photoPanorama, []),
    ("screenshot.png", .image, .photoScreenshot, []),
    ("screenshot-exif.jpg", .image, .photoScreenshot, []),
    ("IMG_0001.JPG", .image, [], []),
  ]

  @Test(arguments: stills)
  func stillSubtypesComeFromTheFile(
    name: String, type: MediaType, subtypes: MediaSubtypes, traits: AssetTraits
  ) throws {
    let (tree, scan) = try Self.library([name: Self.media.appendingPathComponent(name)])
    defer { tree.remove() }
    let asset = try #require(scan.asset(withID: name))
    #expect(asset.mediaType == type)
    #expect(asset.mediaSubtypes == subtypes)
    #expect(asset.traits == traits)
    #expect(asset.duration == 0)
    #expect(asset.resources.map(\.kind) == [.photo])
  }

  static let videos: [(String, MediaSubtypes, Int, Int)] = [
    ("h264-240fps.mov", .videoHighFrameRate, 160, 96),
    ("h264-android-timelapse.mp4", .videoTimelapse, 160, 96),
    ("h264-plain.mp4", [], 160, 96),
    ("iphone5-h264-rotated90.mov", [], 1080, 1920),
    ("hevc-hvc1-rotate90.mp4", [], 96, 160),
  ]

  @Test(arguments: videos)
  func videosHaveTheirSubtypesAndUprightSize(
    name: String, subtypes: MediaSubtypes, width: Int, height: Int
  ) throws {
    let (tree, scan) = try Self.library([name: Self.video.appendingPathComponent(name)])
    defer { tree.remove() }
    let asset = try #require(scan.asset(withID: name))
    #expect(asset.mediaType == .video)
    #expect(asset.mediaSubtypes == subtypes)
    #expect(asset.pixelWidth == width && asset.pixelHeight == height)
    #expect(asset.duration > 0)
    #expect(asset.resources.map(\.kind) == [.video])
  }

  @Test func aMoviesCreationDateIsItsQuickTimeDateNotTheFileTime() throws {
    // The fixture's com.apple.quicktime.creationdate is 2024-05-06T09:08:09+0200.
    let name = "hevc-main10-apple-keys.mov"
    let (tree, scan) = try Self.library([name: Self.video.appendingPathComponent(name)])
    defer { tree.remove() }
    let asset = try #require(scan.asset(withID: name))
    let expected = try #require(ISO8601DateFormatter().date(from: "2024-05-06T07:08:09Z"))
    #expect(asset.creationDate == expected)
    #expect(asset.creationDate != asset.addedDate)
  }
}
