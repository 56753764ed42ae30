import Foundation
import TestSupport
import Testing

@testable import ImageDecoding

/// Files that must not sink a command: giants, special files and bombs are refused with a
/// message naming the file and the reason, or read in bounded memory and time. The `photogate`
/// child runs with its heap capped (``ChildRun``); big files are sparse, so they cost no disk.
@Suite struct HostileFileTests {
  let folder: URL

  init() throws {
    folder = try TestPaths.makeTemporaryDirectory("hostile")
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The heap `thumbnail` and `show` may use for one file (the poster of a 1 GB movie peaks at
  /// about 70 MB resident, libraries included).
  static let dataLimit = 150 << 20

  struct Special: Sendable, CustomStringConvertible {
    var description: String
    var reason: String
    var make: @Sendable (String) throws -> String
  }

  static let specials: [Special] = [
    Special(description: "FIFO", reason: "is a FIFO (named pipe), not a regular file") { path in
      guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
      return path
    },
    Special(description: "/dev/zero", reason: "is a character device, not a regular file") { _ in
      "/dev/zero"
    },
    Special(description: "folder", reason: "is a folder, not a file") { path in
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      return path
    },
  ]

  @Test(arguments: specials, ["thumbnail", "show"])
  func aSpecialFileIsRefusedAtOnceNamingWhatItIs(special: Special, command: String) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try special.make(path("special"))
    let arguments =
      command == "thumbnail"
      ? ["thumbnail", file, "--output", path("out.png")] : ["show", "--colors", "none", file]
    let run = try ChildRun.photogate(arguments, dataLimit: Self.dataLimit, deadline: 30)
    #expect(!run.killed, "\(command) on a \(special) did not finish")
    #expect(run.status == 1)
    #expect(run.stderr.contains(file) && run.stderr.contains(special.reason), "\(run.stderr)")
  }

  @Test func theDecoderRefusesAFIFOWithoutBlocking() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = path("pipe.jpg")
    #expect(mkfifo(fifo, 0o600) == 0)
    let errors = [
      try #require(throws: DecodeError.self) { try ImageDecoder.info(ofFileAt: fifo) },
      try #require(throws: DecodeError.self) {
        try ImageDecoder.thumbnail(fileAt: fifo, longSide: 64)
      },
      try #require(throws: DecodeError.self) { try ImageDecoder.frames(fileAt: fifo) },
    ]
    for error in errors {
      #expect(error.code == .io)
      #expect(error.path == fifo)
      #expect(error.reason.contains("FIFO"))
    }
  }

  @Test func aSixGigabyteImageIsRefusedBeforeItIsRead() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let big = path("huge.png")
    let png = try [UInt8](
      Data(contentsOf: URL(fileURLWithPath: Fixture.good("png-adam7-rgb-8.png"))))
    try HostileFile.writeSparse(png, to: big, size: 6 << 30)
    for arguments in [
      ["thumbnail", big, "--output", path("out.png")], ["show", "--colors", "none", big],
    ] {
      let run = try ChildRun.photogate(arguments, dataLimit: Self.dataLimit, deadline: 60)
      #expect(run.status == 1)
      #expect(run.stderr.contains(big) && run.stderr.contains("over the limit"), "\(run.stderr)")
    }
    let error = try #require(throws: DecodeError.self) {
      try ImageDecoder.thumbnail(fileAt: big, longSide: 64)
    }
    #expect(error.code == .exceedsLimits)
  }

  @Test func aGigabyteMovieMakesItsPosterInBoundedMemory() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let movie = path("long.mov")
    let source = VideoCodecTests.movie("iphone15pro-hevc-live-photo.mov")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source)))
    try HostileFile.writeSparse(bytes, to: movie, size: 1 << 30)
    let run = try ChildRun.photogate(
      ["thumbnail", movie, "--size", "64", "--output", path("poster.png")],
      dataLimit: Self.dataLimit)
    #expect(run.status == 0, "\(run.stderr)")
    let poster = try ImageDecoder.thumbnail(fileAt: movie, longSide: 64)
    #expect(max(poster.width, poster.height) == 64)
  }

  @Test(.timeLimit(.minutes(1)))
  func anAnimatedWebPOfManyFramesReadsItsHeaderInOnePassAndCountsAtMostTheFrameLimit() throws {
    let limit = 100_000  // the frames a GIF or WebP header counts at most
    let webp = HostileFile.animatedWebP(frames: limit + 20_000)
    let info = try ImageDecoder.info(data: webp)
    #expect(info.frameCount == limit)
    #expect(info.frameDurations.count == limit)
    #expect(info.frameDurations.allSatisfy { $0 == 0.04 })
    let poster = try ImageDecoder.thumbnail(data: webp, longSide: 16)
    #expect(poster.width == 1 && poster.height == 1)
  }

  @Test func aSmallAnimatedWebPKeepsEveryFrameAndItsDuration() throws {
    let info = try ImageDecoder.info(data: HostileFile.animatedWebP(frames: 5))
    #expect(info.frameCount == 5)
    #expect(info.frameDurations == [0.04, 0.04, 0.04, 0.04, 0.04])
  }

  @Test func aMovieDeclaringMoreSamplesThanItsBytesIsRefusedBeforeFFmpegIndexesThem() throws {
    let source = VideoCodecTests.movie("h264-plain.mp4")
    let plain = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source)))
    let bomb = HostileFile.movie(plain, declaringSamples: 50_000_000)
    let error = try #require(throws: DecodeError.self) { try ImageDecoder.info(data: bomb) }
    #expect(error.code == .corruptData)
    #expect(error.reason.contains("declares 50000000 samples"), "\(error.reason)")
    // Six samples of one byte each fit: the check never refuses what the file can hold.
    let honest = HostileFile.movie(plain, declaringSamples: 6)
    #expect(throws: Never.self) { try ImageDecoder.info(data: honest) }
  }

  @Test func aMovieDeclaringMoreMetadataKeysThanItsBoxHoldsIsRefusedBeforeFFmpegReadsThem() throws {
    let source = VideoCodecTests.movie("hevc-main10-apple-keys.mov")
    let movie = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source)))
    let bomb = HostileFile.movie(movie, declaringKeys: 238_438_986)
    let error = try #require(throws: DecodeError.self) { try ImageDecoder.info(data: bomb) }
    #expect(error.code == .corruptData)
    #expect(
      error.reason.hasSuffix(
        "a metadata key table (keys) declares 238438986 keys, more than its box can hold"),
      "\(error.reason)")
    // Through the binary with its heap capped: FFmpeg took 2 GB for this 5 KB file.
    try Data(bomb).write(to: URL(fileURLWithPath: path("keys.mov")))
    let run = try ChildRun.photogate(
      ["thumbnail", path("keys.mov"), "--size", "64", "--output", path("keys.png")],
      dataLimit: Self.dataLimit)
    #expect(run.status == 1)
    #expect(run.stderr.contains("declares 238438986 keys"), "\(run.stderr)")
    // The key count of the file itself is read as before.
    #expect(try ImageDecoder.info(data: movie).video?.contentIdentifier != nil)
  }
}
