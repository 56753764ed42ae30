import Foundation
import TestSupport
import Testing

/// Movies when FFmpeg cannot be loaded (`PHOTOGATE_FFMPEG_LIBRARY_DIR` at an empty folder),
/// run through the built binary. A plain camera movie's header is read from its boxes, so it is
/// listed; its poster frame, and the header of a movie only FFmpeg reads, fail naming the file,
/// the library and the package to install; stills are unaffected; and nothing is remembered, so
/// installing FFmpeg is enough.
@Suite struct MissingFFmpegTests {
  let root: URL
  /// An empty folder: FFmpeg's libraries are looked for here and not found.
  let noFFmpeg: URL
  let library: URL
  let movieName = "handbrake-h264-aac.mp4"
  /// A movie with a box the header reader leaves to FFmpeg (a top-level `uuid` box).
  let ffmpegMovieName = "needs-ffmpeg.mp4"

  init() throws {
    root = try TestPaths.makeTemporaryDirectory("missing-ffmpeg")
    noFFmpeg = root.appendingPathComponent("no-ffmpeg")
    library = root.appendingPathComponent("library")
    let manager = FileManager.default
    try manager.createDirectory(at: noFFmpeg, withIntermediateDirectories: true)
    try manager.createDirectory(at: library, withIntermediateDirectories: true)
    try manager.copyItem(
      at: URL(fileURLWithPath: VideoCommandTests.movie(movieName)),
      to: library.appendingPathComponent(movieName))
    let plainMovie = URL(fileURLWithPath: VideoCommandTests.movie("h264-plain.mp4"))
    var plain = try Data(contentsOf: plainMovie)
    plain.append(contentsOf: [0, 0, 0, 24] + Array("uuid".utf8) + Array(0..<16))
    try plain.write(to: library.appendingPathComponent(ffmpegMovieName))
    for name in ["grace-hopper-1984.jpg", "chelsea-the-cat.png"] {
      try manager.copyItem(
        at: TestPaths.sampleImages.appendingPathComponent(name),
        to: library.appendingPathComponent(name))
    }
  }

  var withoutFFmpeg: [String: String] { ["PHOTOGATE_FFMPEG_LIBRARY_DIR": noFFmpeg.path] }

  /// The loader's reason, for the version of FFmpeg the binary was built against.
  func expectNamesMissingFFmpeg(
    _ text: Substring, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let pattern =
      #"FFmpeg's libavformat\.so\.(\d+) could not be loaded \("# + noFFmpeg.path
      + #"/libavformat\.so\.\1: cannot open shared object file: No such file or directory\); "#
      + #"movies need FFmpeg's libraries \(Debian: install libavformat\1\)$"#
    let regex = try Regex(pattern)
    #expect(text.contains(regex), "\(text)", sourceLocation: sourceLocation)
  }

  @Test func thumbnailOfAMovieNamesItAndTheLibraryToInstall() throws {
    let movie = library.appendingPathComponent(movieName).path
    let output = root.appendingPathComponent("poster.png").path
    let result = try CLIRunner.run(
      ["thumbnail", movie, "--size", "64", "--output", output], environment: withoutFFmpeg)
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(result.stderr)")
    let first = try #require(lines.first)
    #expect(first.hasPrefix("photogate: \(movie): "))
    try expectNamesMissingFFmpeg(first)
    #expect(lines.last == "photogate: 1 of 1 thumbnails failed")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func assetsListsWhatItReadsAndExplainsTheMovieOnlyFFmpegReadsThenListsIt() throws {
    let state = root.appendingPathComponent("state").path
    let common = ["--library", library.path, "--state-dir", state, "--app", "com.example.cli"]
    #expect(try CLIRunner.run(["privacy", "grant", "photos"] + common.suffix(4)).status == 0)

    let missing = try CLIRunner.run(["assets"] + common, environment: withoutFFmpeg)
    #expect(missing.status == 0, "\(missing.stderr)")
    #expect(missing.stdout.contains("grace-hopper-1984.jpg\t512x600"))
    #expect(missing.stdout.contains("chelsea-the-cat.png\t451x300"))
    // Read from its boxes: no FFmpeg needed to list it.
    #expect(missing.stdout.contains("\(movieName)\t1280x720"))
    #expect(!missing.stdout.contains(ffmpegMovieName))
    let warnings = missing.stderr.split(separator: "\n").filter { $0.contains("photogate:") }
    #expect(warnings.count == 1, "\(missing.stderr)")
    let warning = try #require(warnings.first)
    #expect(warning.hasPrefix("photogate: warning: \(library.path)/\(ffmpegMovieName): "))
    try expectNamesMissingFFmpeg(warning)
    #expect(missing.stderr.contains("1 skipped: 1 unreadable"))

    // The same library index, FFmpeg back: the movie is read, not remembered as unreadable.
    let found = try CLIRunner.run(["assets"] + common)
    #expect(found.status == 0, "\(found.stderr)")
    #expect(found.stdout.contains("\(movieName)\t1280x720"))
    #expect(found.stdout.contains("\(ffmpegMovieName)\t160x96"))
    #expect(found.stderr.isEmpty)
  }

  @Test func thumbsFailsThePosterAndSkipsTheHeaderThenMakesBothOnceFFmpegIsThere() throws {
    let cache = root.appendingPathComponent("cache").path
    let missing = try CLIRunner.run(
      ["thumbs", library.path, "--cache", cache], environment: withoutFFmpeg)
    #expect(missing.status == 1, "\(missing.stderr)")
    #expect(missing.stdout.contains("\n3 thumbnails: 2 new, 0 cached, 1 failed in "))
    #expect(missing.stdout.contains("\n1 skipped: 1 unreadable\n"))
    let lines = missing.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(missing.stderr)")
    let poster = try #require(lines.first { $0.contains(movieName) })
    #expect(poster.hasPrefix("photogate: \(library.path)/\(movieName): "))
    try expectNamesMissingFFmpeg(poster)
    let header = try #require(lines.first { $0.contains(ffmpegMovieName) })
    #expect(header.hasPrefix("photogate: warning: \(library.path)/\(ffmpegMovieName): "))
    try expectNamesMissingFFmpeg(header)

    let found = try CLIRunner.run(["thumbs", library.path, "--cache", cache])
    #expect(found.status == 0, "\(found.stderr)")
    #expect(found.stdout.contains("\n4 thumbnails: 2 new, 2 cached, 0 failed in "))
  }
}
