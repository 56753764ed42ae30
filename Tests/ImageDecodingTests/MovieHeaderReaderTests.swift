import Foundation
import Testing

@testable import ImageDecoding

/// The header of a movie read from its boxes (no FFmpeg) against FFmpeg's reading of it: the
/// same facts for every movie the box reader takes, the plain camera movies among them, and
/// every other movie left to FFmpeg.
@Suite struct MovieHeaderReaderTests {
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    /// Whether the box reader reads it (else it leaves it to FFmpeg).
    var readFromBoxes: Bool
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(name: "h264-plain.mp4", readFromBoxes: true),
    Case(name: "h264-rotate180.mov", readFromBoxes: true),
    Case(name: "h264-rotate270.mov", readFromBoxes: true),
    Case(name: "h264-240fps.mov", readFromBoxes: true),
    Case(name: "h264-android-slowmo.mp4", readFromBoxes: true),
    Case(name: "h264-android-timelapse.mp4", readFromBoxes: true),
    Case(name: "hevc-hvc1-rotate90.mp4", readFromBoxes: true),
    Case(name: "hevc-main10-apple-keys.mov", readFromBoxes: true),
    Case(name: "handbrake-h264-aac.mp4", readFromBoxes: true),
    Case(name: "iphone15pro-hevc-live-photo.mov", readFromBoxes: true),
    Case(name: "iphone5-h264-rotated90.mov", readFromBoxes: true),
    Case(name: "old-quicktime-no-ftyp.mov", readFromBoxes: true),
    // Whole header, media replaced by noise: read; its poster is what fails.
    Case(name: "broken-noise-media.mp4", readFromBoxes: true),
    // The media box runs past the end of the file: left to FFmpeg, which reads the header.
    Case(name: "broken-truncated-in-media.mp4", readFromBoxes: false),
    // No video track, a movie box of noise: FFmpeg says why.
    Case(name: "broken-audio-only.mp4", readFromBoxes: false),
    Case(name: "broken-noise-movie-box.mp4", readFromBoxes: false),
  ]

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: VideoCodecTests.movie(name))))
  }

  static func read(_ bytes: [UInt8], _ reader: VideoCodec.HeaderReader) -> Result<
    ImageHeader?, DecodeError
  > {
    Result { () throws(DecodeError) in
      try VideoCodec(.quickTime).header(.bytes(bytes), reader: reader)
    }
  }

  @Test(arguments: cases) func boxesAndFFmpegAgree(_ movie: Case) throws {
    let bytes = try Self.bytes(movie.name)
    let ffmpeg = Self.read(bytes, .ffmpeg)
    let boxes = Self.read(bytes, .boxes)
    let automatic = Self.read(bytes, .automatic)
    if movie.readFromBoxes {
      let fromBoxes = try #require(try boxes.get())
      #expect(fromBoxes == (try ffmpeg.get()))
      #expect(fromBoxes.video != nil)
    } else {
      #expect(throws: DecodeError.self) { try boxes.get() }
      if case .failure(let error) = boxes { #expect(error.reason.hasSuffix("left to FFmpeg")) }
    }
    switch (automatic, ffmpeg) {
    case (.success(let a), .success(let f)): #expect(a == f)
    case (.failure(let a), .failure(let f)): #expect(a.reason == f.reason)
    default: Issue.record("automatic \(automatic) and FFmpeg \(ffmpeg) differ")
    }
  }

  /// A real iPhone Live Photo movie: a video, a sound and three timed-metadata tracks, Apple's
  /// keys both in the video track and in the movie.
  @Test func anIPhoneLivePhotoMovieIsReadFromItsBoxes() throws {
    let bytes = try Self.bytes("iphone15pro-hevc-live-photo.mov")
    let header = try #require(try Self.read(bytes, .boxes).get())
    let video = try #require(header.video)
    #expect(video.codec == "hevc")
    #expect(video.contentIdentifier == "ED2A2552-C906-486E-9DA5-17DABDF672A7")
    #expect(video.creationDate == "2025-08-06T17:14:21-0500")
    #expect(video.creationDateSource == .quickTimeKey)
    #expect(video.rotation == 90)
  }

  /// Keys inside a track are the track's: FFmpeg does not take a track's creation date or
  /// content identifier for the movie's (found by running both readers on fuzzed movies).
  @Test func aTracksOwnKeysAreNotTheMovies() throws {
    var bytes = try Self.bytes("hevc-main10-apple-keys.mov")
    // The movie's user data follows its one track: the track's size grows over it, so that
    // the keys are the track's.
    let movie = try #require(Self.movieBox(in: bytes))
    let track = try #require(Self.box("trak", in: bytes, among: Self.inside(movie)))
    let userData = try #require(Self.box("udta", in: bytes, among: Self.inside(movie)))
    #expect(userData.lowerBound == track.upperBound)
    let size = UInt32(track.count + userData.count)
    bytes.replaceSubrange(track.lowerBound..<track.lowerBound + 4, with: Self.bigEndian(size))
    let boxes = try #require(try Self.read(bytes, .boxes).get())
    #expect(boxes == (try Self.read(bytes, .ffmpeg).get()))
    #expect(boxes.video?.contentIdentifier == nil)
    #expect(boxes.video?.creationDate == nil)
  }

  /// A time-to-sample table whose last sample lasts far longer than the 150 before it: the
  /// frame rate counts it as written, as FFmpeg 5.1's header read does (a reader that gave it
  /// the mean duration would say 30 fps).
  @Test func anOverlongLastSampleCountsInTheFrameRateAsWritten() throws {
    var bytes = try Self.bytes("h264-plain.mp4")
    var path: [Range<Int>] = [try #require(Self.movieBox(in: bytes))]
    for type in ["trak", "mdia", "minf", "stbl", "stts"] {
      path.append(try #require(Self.box(type, in: bytes, among: Self.inside(path[path.count - 1]))))
    }
    let table = path.removeLast()
    let entries: [(count: UInt32, ticks: UInt32)] = [(150, 512), (1, 100_000)]
    let payload: [UInt32] = [0, UInt32(entries.count)] + entries.flatMap { [$0.count, $0.ticks] }
    let replacement =
      Self.bigEndian(UInt32(8 + 4 * payload.count)) + Array("stts".utf8)
      + payload.flatMap(Self.bigEndian)
    let growth = replacement.count - table.count
    bytes.replaceSubrange(table, with: replacement)
    for parent in path {
      let size = bytes[parent.lowerBound..<parent.lowerBound + 4].reduce(0) { $0 << 8 | Int($1) }
      bytes.replaceSubrange(
        parent.lowerBound..<parent.lowerBound + 4, with: Self.bigEndian(UInt32(size + growth)))
    }
    let boxes = try #require(try Self.read(bytes, .boxes).get())
    #expect(boxes == (try Self.read(bytes, .ffmpeg).get()))
    let video = try #require(boxes.video)
    #expect(video.frameCount == 151)
    // 151 frames over 176,800 ticks of 1/15,360 s.
    #expect(video.frameRate == 15_360.0 * 151 / 176_800)
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  /// The range of the first box of `type` among the boxes that fill `boxes` (cut at its end).
  static func box(_ type: String, in bytes: [UInt8], among boxes: Range<Int>) -> Range<Int>? {
    var offset = boxes.lowerBound
    while offset + 8 <= boxes.upperBound {
      let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      guard size >= 8 else { return nil }
      if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == type {
        return offset..<min(offset + size, boxes.upperBound)
      }
      offset += size
    }
    return nil
  }

  /// The boxes inside the box at `parent` (after its 8-byte header).
  static func inside(_ parent: Range<Int>) -> Range<Int> {
    parent.lowerBound + 8..<parent.upperBound
  }

  /// The range of the top-level `moov` box.
  static func movieBox(in bytes: [UInt8]) -> Range<Int>? {
    box("moov", in: bytes, among: bytes.indices)
  }

  /// Damaged copies of the readable movies (bytes of the movie box changed, a few at a time,
  /// from a fixed seed): whenever both readers read one, they agree; the box reader never
  /// crashes or hangs (the whole test runs under the codec's time limit per file).
  @Test func damagedMoviesReadByBothAgree() throws {
    let sources = try Self.cases.filter(\.readFromBoxes).map { try Self.bytes($0.name) }
    var random = SplitMix(seed: 0x5EED_0F_B0_7E5)
    var bothRead = 0
    var boxesOnly = 0
    for round in 0..<1500 {
      var bytes = sources[round % sources.count]
      let movie = Self.movieBox(in: bytes) ?? 0..<bytes.count
      for _ in 0..<(1 + Int(random.next() % 3)) {
        let at = movie.lowerBound + Int(random.next() % UInt64(movie.count))
        bytes[at] = UInt8(truncatingIfNeeded: random.next())
      }
      let boxes = Self.read(bytes, .boxes)
      let ffmpeg = Self.read(bytes, .ffmpeg)
      switch (boxes, ffmpeg) {
      case (.success(let b), .success(let f)):
        bothRead += 1
        #expect(b == f, "round \(round)")
      case (.success, .failure):
        // FFmpeg refuses some damage in sample descriptions (codec configuration) the box
        // reader does not look into: the movie is listed, and its poster fails.
        boxesOnly += 1
      default: break
      }
    }
    #expect(bothRead > 500)
    #expect(boxesOnly < 10)
  }

}

/// SplitMix64: a fixed sequence for a seed.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
