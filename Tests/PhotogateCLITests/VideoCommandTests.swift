import Foundation
import ImageDecoding
import TestSupport
import Testing

/// `thumbnail`, `show` and `thumbs` on movies, run through the built binary: the poster frame,
/// upright, and broken movies reported in one line each, with nothing from FFmpeg on stderr.
@Suite struct VideoCommandTests {
  static func movie(_ name: String) -> String {
    TestPaths.packageRoot.appendingPathComponent("Tests/ImageDecodingTests/Fixtures/video")
      .appendingPathComponent(name).path
  }

  @Test func thumbnailOfALivePhotoMovieIsUprightAtTheRequestedSize() throws {
    let folder = try TestPaths.makeTemporaryDirectory("video-thumbnail")
    let output = folder.appendingPathComponent("live.png").path
    let result = try CLIRunner.run([
      "thumbnail", Self.movie("iphone15pro-hevc-live-photo.mov"), "--size", "256", "--output",
      output,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let info = try ImageDecoder.info(ofFileAt: output)
    #expect(info.format == .png)
    // 1920 × 1440 coded, turned a quarter: portrait.
    #expect((info.width, info.height) == (192, 256))
  }

  @Test func thumbnailOfABrokenMovieNamesItAndWritesNothing() throws {
    let folder = try TestPaths.makeTemporaryDirectory("video-thumbnail")
    let output = folder.appendingPathComponent("cut.png").path
    let input = Self.movie("broken-truncated-before-moov.mov")
    let result = try CLIRunner.run(["thumbnail", input, "--size", "256", "--output", output])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == """
        photogate: \(input): truncated QuickTime movie file (ends inside the header)
        photogate: 1 of 1 thumbnails failed

        """)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func showPrintsAMovieAndReportsABrokenOneInOneLine() throws {
    let good = Self.movie("handbrake-h264-aac.mp4")
    let bad = Self.movie("broken-noise-media.mp4")
    let result = try CLIRunner.run([
      "show", "--width", "32", "--height", "40", "--colors", "none", good, bad,
    ])
    #expect(result.status == 1)
    // 1280 × 720 into 32 columns: 32 × 18 pixels, two per cell row: 9 rows.
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 9)
    #expect(lines.allSatisfy { $0.count == 32 })
    #expect(
      result.stderr.hasPrefix("photogate: \(bad): corrupt MPEG-4 movie file: no key frame"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func thumbsCachesMoviesBesideStillsAndReportsTheBrokenOne() throws {
    let folder = try TestPaths.makeTemporaryDirectory("video-thumbs")
    let library = folder.appendingPathComponent("library")
    let cache = folder.appendingPathComponent("cache")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    for name in [
      "iphone5-h264-rotated90.mov", "handbrake-h264-aac.mp4", "broken-noise-media.mp4",
      "broken-text-named.MOV",
    ] {
      try FileManager.default.copyItem(
        at: URL(fileURLWithPath: Self.movie(name)), to: library.appendingPathComponent(name))
    }
    try FileManager.default.copyItem(
      at: TestPaths.sampleImages.appendingPathComponent("chelsea-the-cat.png"),
      to: library.appendingPathComponent("cat.png"))

    let result = try CLIRunner.run(["thumbs", library.path, "--cache", cache.path])
    #expect(result.status == 1)
    // The text file named .MOV is not a movie: it is not counted at all.
    #expect(result.stdout.contains("\n4 thumbnails: 3 new, 0 cached, 1 failed in "))
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("photogate: \(library.path)/broken-noise-media.mp4: ") == true)

    let portrait = library.appendingPathComponent("iphone5-h264-rotated90.mov")
    let thumbnail = cache.appendingPathComponent("large")
      .appendingPathComponent(ThumbnailCache.cacheFileName(for: portrait))
    let metadata = try #require(ThumbnailMetadata.read(fromFileAt: thumbnail.path))
    #expect(metadata.uri == "file://" + portrait.path)
    #expect((metadata.width, metadata.height) == (144, 256))
  }
}
