import FileSystem
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ImageDecoding

#if canImport(Glibc)
  import Glibc
#endif

/// Movie posters decoded by helper processes (the built `photogate`, started again): the
/// same pixels as in process, and a helper that crashes, hangs, answers nonsense or cannot
/// start costs one poster (or none), never the asking process.
@Suite struct MovieFrameServiceTests {
  static func movie(_ name: String) -> String {
    TestPaths.packageRoot.appendingPathComponent("Tests/ImageDecodingTests/Fixtures/video")
      .appendingPathComponent(name).path
  }

  /// A service whose helpers are the built binary.
  static func photogate(idleLimit: Double = 10) -> MovieFrameService {
    MovieFrameService(
      program: CLIRunner.executable.path,
      arguments: ["photogate", MovieFrameService.helperArgument], idleLimit: idleLimit)
  }

  /// A service whose helper is the shell script `script` (it gets the requests on its
  /// standard input).
  static func shell(_ script: String, answerMargin: Double = 5) -> MovieFrameService {
    MovieFrameService(
      program: "/bin/sh", arguments: ["sh", "-c", script], answerMargin: answerMargin)
  }

  /// The poster of `name` through `service` (nil: in process), shrunk for `longSide`.
  static func poster(
    _ name: String, service: MovieFrameService?, longSide: Int? = nil, timeLimit: Double = 10
  ) throws(DecodeError) -> DecodedImage {
    let path = movie(name)
    let file: RegularFile
    do {
      file = try RegularFile(path: path)
    } catch {
      throw DecodeError(error, doing: "open")
    }
    let codec = VideoCodec(name.hasSuffix(".mov") ? .quickTime : .mpeg4, timeLimit: timeLimit)
    return try codec.decode(
      .file(file), request: DecodeRequest(targetLongSide: longSide), service: service)
  }

  static let movies = [
    "h264-plain.mp4", "h264-rotate180.mov", "h264-rotate270.mov", "hevc-hvc1-rotate90.mp4",
    "hevc-main10-apple-keys.mov", "iphone15pro-hevc-live-photo.mov", "old-quicktime-no-ftyp.mov",
    "handbrake-h264-aac.mp4",
  ]

  @Test(arguments: movies, [nil, 64])
  func aHelperDecodesThePixelsTheProcessDecodes(name: String, longSide: Int?) throws {
    let service = Self.photogate()
    let helped = try Self.poster(name, service: service, longSide: longSide)
    let own = try Self.poster(name, service: nil, longSide: longSide)
    #expect(helped == own)
    #expect(service.startFailure == nil)
    #expect(service.idleHelperCount == 1)
  }

  @Test func aBrokenMovieIsTheHelpersErrorWithItsReason() throws {
    let service = Self.photogate()
    let error = #expect(throws: DecodeError.self) {
      try Self.poster("broken-truncated-in-media.mp4", service: service)
    }
    let own = #expect(throws: DecodeError.self) {
      try Self.poster("broken-truncated-in-media.mp4", service: nil)
    }
    #expect(error?.code == own?.code)
    #expect(error?.reason == own?.reason)
    // The helper answered: it is kept for the next poster.
    #expect(service.idleHelperCount == 1)
    #expect(try Self.poster("h264-plain.mp4", service: service).image.width == 160)
  }

  @Test func aHelperThatCrashesFailsThatPosterOnly() throws {
    // Reads the request, then dies as a crashing decoder would.
    let service = Self.shell("head -c 4 >/dev/null; kill -SEGV $$")
    for _ in 0..<2 {
      let error = #expect(throws: DecodeError.self) {
        try Self.poster("h264-plain.mp4", service: service)
      }
      #expect(error?.code == .corruptData)
      #expect(
        error?.reason
          == "corrupt MPEG-4 movie file: its reader crashed (signal 11, Segmentation fault) "
          + "while decoding its poster frame")
    }
    #expect(service.idleHelperCount == 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func aHelperThatHangsIsKilledAtItsDeadline() throws {
    let service = Self.shell("exec sleep 600", answerMargin: 0.2)
    let error = #expect(throws: DecodeError.self) {
      try Self.poster("h264-rotate180.mov", service: service, timeLimit: 0.2)
    }
    #expect(
      error?.reason
        == "corrupt QuickTime movie file: took longer than the 0.2 s time limit (its reader "
        + "was stopped)")
    #expect(service.idleHelperCount == 0)
  }

  @Test(arguments: [
    ("printf '\\007'", "the movie reader answered with an unknown kind of answer (7)"),
    // An image of 65,536 × 65,536 pixels: more than the 160 × 96 asked for.
    (
      "printf '\\000\\000\\000\\001\\000\\000\\000\\001\\000\\240\\000\\000\\000\\140\\000\\000\\000'",
      "the movie reader answered an image of 65536×65536"
    ),
    (
      "printf '\\001\\011\\000\\000\\000\\000'",
      "the movie reader answered an error it cannot have sent"
    ),
  ])
  func anAnswerThatIsNoneIsRefused(script: String, reason: String) throws {
    let service = Self.shell("head -c 4 >/dev/null; \(script); exec sleep 600")
    let error = #expect(throws: DecodeError.self) {
      try Self.poster("h264-plain.mp4", service: service)
    }
    #expect(error?.code == .io)
    #expect(error?.reason == reason)
  }

  @Test func theHelperStartedByHandSaysWhatItIs() throws {
    let result = try CLIRunner.run([MovieFrameService.helperArgument])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "photogate: --movie-frame-service is the movie frame helper that photogate starts "
        + "itself; its standard input must be the socket photogate gives it\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func aProgramThatCannotStartLeavesThePosterToTheProcess() throws {
    let service = MovieFrameService(
      program: "/nonexistent/photogate", arguments: ["photogate", "--movie-frame-service"])
    let poster = try Self.poster("h264-rotate270.mov", service: service)
    #expect(poster == (try Self.poster("h264-rotate270.mov", service: nil)))
    #expect(
      service.startFailure
        == "/nonexistent/photogate could not be started: No such file or directory")
  }

  @Test func aPathLongerThanAHelperReadsIsDecodedInProcess() throws {
    let folder = open(Self.movie(""), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    #expect(folder >= 0)
    defer { close(folder) }
    // Opened by its name in its folder, and known by a path longer than PATH_MAX.
    let path = String(repeating: "deep/", count: 900) + "h264-plain.mp4"
    let file = try RegularFile(name: "h264-plain.mp4", in: folder, path: path)
    // A helper would crash: none is asked.
    let service = Self.shell("head -c 4 >/dev/null; kill -SEGV $$")
    let poster = try VideoCodec(.mpeg4).decode(
      .file(file), request: DecodeRequest(), service: service)
    #expect(poster == (try Self.poster("h264-plain.mp4", service: nil)))
    #expect(service.idleHelperCount == 0)
  }

  @Test func aFileReplacedAfterItWasOpenedIsNotDecodedInItsPlace() throws {
    let folder = try TestPaths.makeTemporaryDirectory("movie-frames")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("clip.mov").path
    let other = folder.appendingPathComponent("other.mov").path
    try FileManager.default.copyItem(atPath: Self.movie("h264-rotate180.mov"), toPath: path)
    try FileManager.default.copyItem(atPath: Self.movie("h264-rotate180.mov"), toPath: other)
    let file = try RegularFile(path: path)
    #expect(rename(other, path) == 0)
    let error = #expect(throws: DecodeError.self) {
      try VideoCodec(.quickTime).decode(
        .file(file), request: DecodeRequest(), service: Self.photogate())
    }
    #expect(error?.reason == "the file was replaced while its poster frame was read")
  }

  @Test func requestsBeyondTheMostHelpersWaitForOne() throws {
    let service = MovieFrameService(
      program: CLIRunner.executable.path,
      arguments: ["photogate", MovieFrameService.helperArgument], maximumHelpers: 1)
    let widths = Mutex<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: 6) { _ in
      let width = try? Self.poster("h264-plain.mp4", service: service).image.width
      widths.withLock { $0.append(width ?? 0) }
    }
    #expect(widths.withLock { $0 } == Array(repeating: 160, count: 6))
    // One helper answered them all, one after the other.
    #expect(service.idleHelperCount == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func anIdleHelperEnds() throws {
    let service = Self.photogate(idleLimit: 0.2)
    _ = try Self.poster("h264-plain.mp4", service: service)
    #expect(service.idleHelperCount == 1)
    let deadline = Date().addingTimeInterval(30)
    while service.idleHelperCount > 0, Date() < deadline { usleep(20_000) }
    #expect(service.idleHelperCount == 0)
    // The next poster starts a new one.
    _ = try Self.poster("h264-plain.mp4", service: service)
    #expect(service.idleHelperCount == 1)
  }
}

/// The gallery decodes movie posters in a helper: FFmpeg is never mapped into it.
@Suite(
  .enabled(
    if: TmuxSession.isAvailable, "tmux is not installed: the gallery's tmux tests are skipped")
)
struct GalleryMovieFrameTests {
  /// The pids of `pid`'s children.
  static func children(of pid: String) -> [String] {
    let list = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8))
    return list?.split(separator: " ").map(String.init) ?? []
  }

  /// The `/proc` file `name` of `pid` (read to its end: such files say they are empty).
  static func file(_ name: String, of pid: String) -> String {
    let file = FileHandle(forReadingAtPath: "/proc/\(pid)/\(name)")
    defer { try? file?.close() }
    return String(decoding: file?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
  }

  @Test(.timeLimit(.minutes(2)))
  func theGalleryShowsAMoviePosterWithoutLoadingFFmpeg() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    try FileManager.default.copyItem(
      atPath: MovieFrameServiceTests.movie("h264-plain.mp4"),
      toPath: fixture.library.appendingPathComponent("clip.mp4").path)
    #expect(try fixture.photogate("privacy", "grant", "photos").status == 0)
    let tmux = try TmuxSession(fixture.shell("browse '\(fixture.library.path)'"))
    defer { tmux.kill() }
    try tmux.waitFor("Status: authorized   Photos: 13")

    let shell = try tmux.display("#{pane_pid}")
    let gallery = try #require(Self.children(of: shell).first)
    // The poster is decoded once the grid shows the movie: its helper has FFmpeg mapped.
    var helper: String?
    let deadline = Date().addingTimeInterval(60)
    while helper == nil, Date() < deadline {
      helper = Self.children(of: gallery).first {
        Self.file("cmdline", of: $0).contains(MovieFrameService.helperArgument)
          && Self.file("maps", of: $0).contains("libavformat")
      }
      if helper == nil { usleep(50_000) }
    }
    let started = try #require(
      helper,
      "no helper decoded the movie's poster; the gallery's children: \(Self.children(of: gallery))")
    #expect(!Self.file("maps", of: gallery).contains("libav"))

    try tmux.send("q")
    #expect(try tmux.waitFor("EXITED:").contains("EXITED:0 TTY:RESTORED"))
    // The helper ends with the gallery (its socket closes).
    let ended = Date().addingTimeInterval(30)
    while Self.file("status", of: started).contains("State:\tS"), Date() < ended {
      usleep(50_000)
    }
    #expect(!Self.file("status", of: started).contains("State:\tS"))
  }
}
