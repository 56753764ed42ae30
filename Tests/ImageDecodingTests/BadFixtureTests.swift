import ImageDecoding
import Testing

/// Every bad fixture is refused with the right code, naming the file, by every entry point.
@Suite struct BadFixtureTests {
  static let cases: [(name: String, code: DecodeError.Code)] = [
    ("truncated.jpg", .corruptData),
    ("truncated-progressive.jpg", .corruptData),
    ("truncated-in-header.jpg", .corruptData),
    ("truncated.png", .corruptData),
    ("truncated-in-header.png", .corruptData),
    ("empty.jpg", .corruptData),
    ("random-bytes.jpg", .corruptData),
    ("random-after-jpeg-signature.jpg", .corruptData),
    ("random-after-png-signature.png", .corruptData),
    ("text-named.jpg", .corruptData),
    ("bad-crc.png", .corruptData),
    ("jpeg-signature-only.jpg", .corruptData),
    ("png-signature-only.png", .corruptData),
    ("oversized-header.png", .exceedsLimits),
    ("oversized-header.jpg", .exceedsLimits),
    ("over-200-megapixels.jpg", .exceedsLimits),
    ("precision-12.jpg", .unsupportedFeature),
    ("lossless-sof3.jpg", .unsupportedFeature),
    ("heic-empty.heic", .corruptData),
    ("heic-garbled-header-no-meta.heic", .corruptData),
    ("heic-truncated-in-mdat.heic", .corruptData),
    ("heic-truncated-in-meta.heic", .corruptData),
    ("heic-sps-size-not-multiple-of-coding-block.heic", .corruptData),
    ("heic-sps-transform-depth-too-large.heic", .corruptData),
    ("webp-afl-fuzzed-garbage.webp", .corruptData),
    ("webp-truncated-half.webp", .corruptData),
    ("webp-riff-header-only.webp", .corruptData),
    ("webp-corrupt-vp8-data.webp", .corruptData),
    ("gif-no-frames.gif", .corruptData),
    ("gif-truncated-lzw-data.gif", .corruptData),
    ("gif-zero-width-frame-bad-lzw-size.gif", .corruptData),
    ("gif-signature-only.gif", .corruptData),
    ("gif-truncated.gif", .corruptData),
  ]

  @Test(arguments: cases)
  func decodeRefusesWithTheRightCode(name: String, code: DecodeError.Code) {
    let path = Fixture.bad(name)
    #expect {
      _ = try ImageDecoder.decode(fileAt: path)
    } throws: { error in
      guard let error = error as? DecodeError else { return false }
      return error.code == code && error.path == path && !error.reason.isEmpty
    }
  }

  @Test(arguments: cases)
  func thumbnailRefusesWithTheRightCode(name: String, code: DecodeError.Code) {
    #expect {
      _ = try ImageDecoder.thumbnail(fileAt: Fixture.bad(name), longSide: 16)
    } throws: { error in
      (error as? DecodeError)?.code == code
    }
  }

  @Test func textFileNamedJPEGIsNotAnImage() {
    #expect {
      _ = try ImageDecoder.info(ofFileAt: Fixture.bad("text-named.jpg"))
    } throws: { error in
      let error = error as? DecodeError
      return error?.code == .corruptData && error?.path == Fixture.bad("text-named.jpg")
        && error?.reason.hasPrefix("not an image PhotoGate reads (JPEG") == true
    }
  }

  @Test func truncatedJPEGSaysSo() {
    #expect {
      _ = try ImageDecoder.decode(fileAt: Fixture.bad("truncated.jpg"))
    } throws: { error in
      (error as? DecodeError)?.reason.contains("truncated") == true
    }
  }

  @Test func missingFileIsAnIOError() {
    #expect {
      _ = try ImageDecoder.info(ofFileAt: "/no/such/photo.jpg")
    } throws: { error in
      (error as? DecodeError)?.code == .io
    }
  }

  @Test func folderIsAnIOError() {
    #expect {
      _ = try ImageDecoder.decode(fileAt: Fixture.good(""))
    } throws: { error in
      (error as? DecodeError)?.code == .io
    }
  }
}
