import Foundation
import Testing

@testable import ImageDecoding

/// Movies through ``VideoCodec``: the header facts of camera and generated movies, poster
/// pixels against ffmpeg's own decode, and broken movies reported, never a crash or a hang.
@Suite struct VideoCodecTests {
  static func movie(_ name: String) -> String {
    Fixture.root.appendingPathComponent("video").appendingPathComponent(name).path
  }

  struct Facts: Sendable, CustomStringConvertible {
    var name: String
    var format: ImageFormat
    /// Displayed size (after the display matrix).
    var width: Int
    var height: Int
    var codec: String
    var rotation: Int
    var frameRate: Double
    var date: String?
    var dateSource: VideoFacts.DateSource?
    var contentIdentifier: String?
    var highFrameRate: Bool = false
    var timelapse: Bool = false
    var description: String { name }
  }

  static let facts: [Facts] = [
    Facts(
      name: "iphone5-h264-rotated90.mov", format: .quickTime, width: 1080, height: 1920,
      codec: "h264", rotation: 90, frameRate: 30, date: "2016-01-18T15:20:40-0700",
      dateSource: .quickTimeKey),
    Facts(
      name: "iphone15pro-hevc-live-photo.mov", format: .quickTime, width: 1440, height: 1920,
      codec: "hevc", rotation: 90, frameRate: 30, date: "2025-08-06T17:14:21-0500",
      dateSource: .quickTimeKey, contentIdentifier: "ED2A2552-C906-486E-9DA5-17DABDF672A7"),
    Facts(
      name: "handbrake-h264-aac.mp4", format: .mpeg4, width: 1280, height: 720, codec: "h264",
      rotation: 0, frameRate: 10 / 0.415, date: nil, dateSource: nil),
    Facts(
      name: "h264-plain.mp4", format: .mpeg4, width: 160, height: 96, codec: "h264", rotation: 0,
      frameRate: 30, date: "2024-05-06T07:08:09.000000Z", dateSource: .movieHeader),
    Facts(
      name: "hevc-hvc1-rotate90.mp4", format: .mpeg4, width: 96, height: 160, codec: "hevc",
      rotation: 90, frameRate: 30, date: "2024-05-06T07:08:09.000000Z",
      dateSource: .movieHeader),
    Facts(
      name: "h264-rotate180.mov", format: .quickTime, width: 160, height: 96, codec: "h264",
      rotation: 180, frameRate: 30),
    Facts(
      name: "h264-rotate270.mov", format: .quickTime, width: 96, height: 160, codec: "h264",
      rotation: 270, frameRate: 30),
    Facts(
      name: "hevc-main10-apple-keys.mov", format: .quickTime, width: 160, height: 96,
      codec: "hevc", rotation: 0, frameRate: 30, date: "2024-05-06T09:08:09+0200",
      dateSource: .quickTimeKey, contentIdentifier: "0A1B2C3D-4E5F-4061-8273-94A5B6C7D8E9"),
    Facts(
      name: "h264-240fps.mov", format: .quickTime, width: 160, height: 96, codec: "h264",
      rotation: 0, frameRate: 240, highFrameRate: true),
    Facts(
      name: "h264-android-slowmo.mp4", format: .mpeg4, width: 160, height: 96, codec: "h264",
      rotation: 0, frameRate: 30, highFrameRate: true),
    Facts(
      name: "h264-android-timelapse.mp4", format: .mpeg4, width: 160, height: 96,
      codec: "h264", rotation: 0, frameRate: 30, timelapse: true),
    Facts(
      name: "old-quicktime-no-ftyp.mov", format: .quickTime, width: 160, height: 96,
      codec: "h264", rotation: 180, frameRate: 30),
  ]

  @Test(arguments: facts)
  func infoReadsTheMovieHeader(expected: Facts) throws {
    let info = try ImageDecoder.info(ofFileAt: Self.movie(expected.name))
    #expect(info.format == expected.format)
    #expect((info.width, info.height) == (expected.width, expected.height))
    #expect(info.orientation == 1)
    let video = try #require(info.video)
    #expect(video.codec == expected.codec)
    #expect(video.rotation == expected.rotation)
    #expect(abs((video.frameRate ?? 0) - expected.frameRate) < 0.5)
    #expect((video.duration ?? 0) > 0)
    #expect((video.frameCount ?? 0) >= 1)
    #expect(video.creationDate == expected.date)
    #expect(video.creationDateSource == expected.dateSource)
    #expect(video.contentIdentifier == expected.contentIdentifier)
    #expect(video.isHighFrameRate == expected.highFrameRate)
    #expect(video.isTimelapse == expected.timelapse)
  }

  @Test func headerOfAPrefixEndingBeforeTheMovieBoxAsksForMore() throws {
    // iPhones write moov after the media data: the first 64 KB hold no header yet.
    let bytes = [UInt8](
      FileManager.default.contents(atPath: Self.movie("iphone5-h264-rotated90.mov"))!)
    let codec = VideoCodec(.quickTime)
    #expect(try codec.header(Array(bytes.prefix(64 * 1024))) == nil)
    #expect(try codec.header(bytes)?.width == 1080)
  }

  @Test func headerBeforeTheMediaDataIsEnoughForInfo() throws {
    // moov first, then a media box cut after 40 bytes: the header is whole.
    let info = try ImageDecoder.info(ofFileAt: Self.movie("broken-truncated-in-media.mp4"))
    #expect((info.width, info.height) == (160, 96))
    #expect(info.video?.frameCount == 6)
  }

  @Test func captureRateComesFromAndroidKey() throws {
    let slow = try ImageDecoder.info(ofFileAt: Self.movie("h264-android-slowmo.mp4"))
    let lapse = try ImageDecoder.info(ofFileAt: Self.movie("h264-android-timelapse.mp4"))
    let plain = try ImageDecoder.info(ofFileAt: Self.movie("h264-plain.mp4"))
    #expect(slow.video?.captureFrameRate == 120)
    #expect(lapse.video?.captureFrameRate == 2)
    #expect(plain.video?.captureFrameRate == nil)
  }

  @Test func audioTrackIsReported() throws {
    #expect(
      try ImageDecoder.info(ofFileAt: Self.movie("handbrake-h264-aac.mp4")).video?.hasAudio == true)
    #expect(try ImageDecoder.info(ofFileAt: Self.movie("h264-plain.mp4")).video?.hasAudio == false)
  }

  @Test func stillImagesHaveNoVideoFacts() throws {
    let info = try ImageDecoder.info(ofFileAt: Fixture.good("jpeg-baseline.jpg"))
    #expect(info.video == nil)
  }

  // MARK: Poster pixels

  /// Full posters of the generated movies, and 96×96 windows (at the x, y in the reference's
  /// name) of the camera movies' posters, each against `ffmpeg -ss 0 -i MOVIE -frames:v 1
  /// -pix_fmt rgba`.
  static let posters: [(movie: String, reference: String)] = [
    ("h264-plain.mp4", "h264-plain.poster.pam"),
    ("hevc-hvc1-rotate90.mp4", "hevc-hvc1-rotate90.poster.pam"),
    ("h264-rotate180.mov", "h264-rotate180.poster.pam"),
    ("h264-rotate270.mov", "h264-rotate270.poster.pam"),
    ("hevc-main10-apple-keys.mov", "hevc-main10-apple-keys.poster.pam"),
    ("h264-240fps.mov", "h264-240fps.poster.pam"),
    ("old-quicktime-no-ftyp.mov", "old-quicktime-no-ftyp.poster.pam"),
    ("iphone5-h264-rotated90.mov", "iphone5-h264-rotated90.poster-480-960.pam"),
    ("iphone15pro-hevc-live-photo.mov", "iphone15pro-hevc-live-photo.poster-700-900.pam"),
    ("handbrake-h264-aac.mp4", "handbrake-h264-aac.poster-600-300.pam"),
  ]

  /// The largest difference allowed in one channel. Both sides are the same libavcodec decode
  /// and the same swscale conversion (bicubic, the frame's own YCbCr matrix and range); with
  /// the FFmpeg the references were made with (Debian 12's 5.1) they agree exactly, even
  /// though ffmpeg rotates the YCbCr planes before converting and PhotoGate rotates the RGBA
  /// after. Two levels leave room for other FFmpeg builds, whose SIMD paths may round a
  /// conversion differently by one level; a wrong matrix, range or rotation costs tens.
  static let tolerance = 2

  @Test(arguments: posters)
  func posterMatchesFFmpegWithinTolerance(movie: String, reference: String) throws {
    let image = try ImageDecoder.decode(fileAt: Self.movie(movie))
    let expected = try Fixture.readPAM(Self.movie(reference))
    let parts = reference.split(separator: ".")[1].split(separator: "-")
    let (x, y) = parts.count == 3 ? (Int(parts[1])!, Int(parts[2])!) : (0, 0)
    let info = try ImageDecoder.info(ofFileAt: Self.movie(movie))
    #expect((image.width, image.height) == (info.width, info.height))
    if parts.count != 3 {
      #expect((image.width, image.height) == (expected.width, expected.height))
    }
    let window = image.cropped(x: x, y: y, width: expected.width, height: expected.height)
    #expect((window.width, window.height) == (expected.width, expected.height))
    let difference = Fixture.difference(window, expected)
    #expect(
      difference.largest <= Self.tolerance, "\(movie): largest difference \(difference.largest)")
  }

  @Test func thumbnailKeepsTheDisplayedAspect() throws {
    let image = try ImageDecoder.thumbnail(
      fileAt: Self.movie("iphone15pro-hevc-live-photo.mov"), longSide: 256)
    #expect((image.width, image.height) == (192, 256))
  }

  @Test func shrinkOnLoadKeepsTwiceTheTarget() {
    let request = DecodeRequest(targetLongSide: 256)
    #expect(VideoCodec.decodeSize(width: 1920, height: 1440, request: request) == (512, 384))
    #expect(VideoCodec.decodeSize(width: 160, height: 96, request: request) == (160, 96))
    let full = DecodeRequest(targetLongSide: 256, options: ThumbnailOptions(shrinkOnLoad: false))
    #expect(VideoCodec.decodeSize(width: 1920, height: 1440, request: full) == (1920, 1440))
  }

  // MARK: Sniffing

  /// Brand → the movie format it names (nil: not a movie) → what the whole registry says (HEIF
  /// brands belong to the HEIF codec).
  static let brands: [(brand: String, format: ImageFormat?, sniffed: ImageFormat?)] = [
    ("qt  ", .quickTime, .quickTime), ("isom", .mpeg4, .mpeg4), ("mp41", .mpeg4, .mpeg4),
    ("mp42", .mpeg4, .mpeg4), ("M4V ", .mpeg4, .mpeg4), ("avc1", .mpeg4, .mpeg4),
    ("heic", nil, .heif), ("heix", nil, .heif), ("mif1", nil, .heif), ("msf1", nil, .heif),
    ("avif", nil, nil), ("M4A ", nil, nil),
  ]

  @Test(arguments: brands)
  func ftypBrandDecidesTheFormat(brand: String, format: ImageFormat?, sniffed: ImageFormat?) {
    let head: [UInt8] =
      [0, 0, 0, 0x18] + Array("ftyp\(brand)".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
    #expect(MovieBrand.format(ofHead: head) == format)
    #expect(ImageFormat(sniffing: head) == sniffed)
  }

  @Test func oldQuickTimeAtomsAreQuickTime() {
    let moov: [UInt8] = [0, 0, 0x10, 0] + Array("moov".utf8) + [0, 0, 0, 0]
    let free: [UInt8] = [0, 0, 0, 8] + Array("free".utf8) + [0, 0, 0, 8] + Array("mdat".utf8)
    let loneFree: [UInt8] = [0, 0, 0, 8] + Array("free".utf8) + Array("hello world!".utf8)
    #expect(MovieBrand.format(ofHead: moov) == .quickTime)
    #expect(MovieBrand.format(ofHead: free) == .quickTime)
    #expect(MovieBrand.format(ofHead: loneFree) == nil)
  }

  // MARK: Broken movies

  static let broken: [(name: String, code: DecodeError.Code, reason: String)] = [
    ("broken-truncated-before-moov.mov", .corruptData, "truncated QuickTime movie file"),
    ("broken-live-photo-cut-in-moov.mov", .corruptData, "truncated QuickTime movie file"),
    ("broken-truncated-in-media.mp4", .corruptData, "no key frame in the video track"),
    ("broken-noise-media.mp4", .corruptData, "no key frame in the video track"),
    ("broken-noise-movie-box.mp4", .unsupportedFeature, "no video track"),
    ("broken-ftyp-then-noise.mov", .corruptData, "QuickTime movie"),
    ("broken-audio-only.mp4", .unsupportedFeature, "no video track"),
    ("broken-text-named.MOV", .corruptData, "not an image PhotoGate reads"),
  ]

  @Test(arguments: broken)
  func brokenMovieIsReportedWithItsPath(name: String, code: DecodeError.Code, reason: String) {
    let path = Self.movie(name)
    for read in [
      { () throws -> Void in _ = try ImageDecoder.decode(fileAt: path) },
      { () throws -> Void in _ = try ImageDecoder.thumbnail(fileAt: path, longSide: 64) },
    ] {
      #expect {
        try read()
      } throws: { error in
        guard let error = error as? DecodeError else { return false }
        return error.code == code && error.path == path && error.reason.contains(reason)
      }
    }
  }

  @Test func timeLimitTurnsASlowReadIntoAnError() {
    let bytes = [UInt8](FileManager.default.contents(atPath: Self.movie("h264-plain.mp4"))!)
    let codec = VideoCodec(.mpeg4, timeLimit: 0)
    #expect {
      _ = try codec.decode(bytes, request: DecodeRequest())
    } throws: { error in
      (error as? DecodeError)?.reason.contains("took longer than the 0 s time limit") == true
    }
    #expect(throws: Never.self) {
      _ = try VideoCodec(.mpeg4).decode(bytes, request: DecodeRequest())
    }
  }
}

extension PixelImage {
  /// The `width` × `height` window at `x`, `y` (clipped to the image).
  fileprivate func cropped(x: Int, y: Int, width: Int, height: Int) -> PixelImage {
    let width = max(0, min(width, self.width - x))
    let height = max(0, min(height, self.height - y))
    var out = [UInt8]()
    out.reserveCapacity(width * height * 4)
    for row in y..<(y + height) {
      let start = (row * self.width + x) * 4
      out += pixels[start..<start + width * 4]
    }
    return PixelImage(width: width, height: height, pixels: out)
  }
}

/// ``VideoFacts/creationInstant`` and ``VideoFacts/creationUTCOffset`` from both date forms.
@Suite struct VideoDateTests {
  static let cases: [(text: String, epoch: Double?, offset: Int?)] = [
    ("2025-08-06T17:14:21-0500", 1_754_518_461, -18_000),
    ("2025-08-06T17:14:21-05:00", 1_754_518_461, -18_000),
    ("2024-05-06T09:08:09+0200", 1_714_979_289, 7_200),
    ("2016-01-18T22:20:49.000000Z", 1_453_155_649, nil),
    ("2016-01-18T22:20:49.250000Z", 1_453_155_649.25, nil),
    ("2016-01-18 22:20:49", nil, nil),
    ("2016-13-18T22:20:49Z", nil, nil),
    ("2016-01-18T22:20:49+05", nil, nil),
    ("", nil, nil),
  ]

  @Test(arguments: cases)
  func parsesBothForms(text: String, epoch: Double?, offset: Int?) {
    let parsed = VideoFacts.parseDate(text)
    #expect(parsed?.date.timeIntervalSince1970 == epoch)
    #expect(parsed?.offset == offset)
  }

  @Test func offsetOnlyForTheQuickTimeKey() throws {
    let live = try ImageDecoder.info(
      ofFileAt: VideoCodecTests.movie("iphone15pro-hevc-live-photo.mov"))
    #expect(live.video?.creationInstant?.timeIntervalSince1970 == 1_754_518_461)
    #expect(live.video?.creationUTCOffset == -18_000)
    let plain = try ImageDecoder.info(ofFileAt: VideoCodecTests.movie("h264-plain.mp4"))
    #expect(plain.video?.creationInstant?.timeIntervalSince1970 == 1_714_979_289)
    #expect(plain.video?.creationUTCOffset == nil)
  }
}
