import Testing

@testable import ImageDecoding

/// WebP as messaging apps leave it: lossy, lossless, alpha, EXIF orientation, animations whose
/// first frame stands for them and whose frames keep their durations.
@Suite struct WebPTests {
  @Test(arguments: [
    ("webp-animated-3-frames-64x48.webp", 3, [0.07, 0.11, 0.15]),
    ("webp-animated-lossy-alpha-bouncing-ball.webp", 6, [Double](repeating: 0.1, count: 6)),
    ("webp-lossy-96x64.webp", 1, []),
  ])
  func infoKeepsFrameCountAndDurations(name: String, frames: Int, durations: [Double]) throws {
    let info = try ImageDecoder.info(ofFileAt: Fixture.good(name))
    #expect(info.format == .webp)
    #expect(info.frameCount == frames)
    #expect(info.frameDurations == durations)
  }

  @Test func exifOrientationIsAppliedAndReported() throws {
    let path = Fixture.good("webp-lossy-exif-orientation-6-hopper.webp")
    let info = try ImageDecoder.info(ofFileAt: path)
    #expect(info.orientation == 6)
    let bytes = try FileBytes.read(path).0
    #expect(try #require(try WebPCodec().header(bytes)).orientation == .right)
  }

  @Test(arguments: ["webp-lossless-alpha-80x60.webp", "webp-lossy-alpha-80x60.webp"])
  func alphaIsDecoded(name: String) throws {
    let image = try ImageDecoder.decode(fileAt: Fixture.good(name))
    let alphas = Set(stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] })
    #expect(alphas.contains(0))
    #expect(alphas.contains(255))
  }

  @Test func animatedThumbnailIsItsFirstFrameShrunk() throws {
    let path = Fixture.good("webp-animated-3-frames-64x48.webp")
    let thumbnail = try ImageDecoder.thumbnail(fileAt: path, longSide: 32)
    #expect((thumbnail.width, thumbnail.height) == (32, 24))
  }

  @Test func headerIsCheckedAgainstTheLimitsBeforeDecoding() {
    let path = Fixture.good("webp-lossless-alpha-rose-400x301.webp")
    #expect {
      _ = try ImageDecoder.decode(fileAt: path, limits: DecodeLimits(maxPixels: 100_000))
    } throws: { error in
      (error as? DecodeError)?.code == .exceedsLimits
    }
  }
}
