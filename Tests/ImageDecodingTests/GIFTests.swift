import Testing

@testable import ImageDecoding

/// GIF as messaging apps leave it: the first frame (transparent index, interlacing, local
/// palettes) stands for the file, and an animation keeps its frame count and delays.
@Suite struct GIFTests {
  @Test(arguments: [
    ("gif-animated-3-frames-local-palettes-48x36.gif", 3, [0.05, 0.1, 0.15]),
    ("gif-still-64x48.gif", 1, []),
  ])
  func infoKeepsFrameCountAndDurations(name: String, frames: Int, durations: [Double]) throws {
    let info = try ImageDecoder.info(ofFileAt: Fixture.good(name))
    #expect(info.format == .gif)
    #expect(info.frameCount == frames)
    #expect(info.frameDurations == durations)
  }

  @Test(arguments: [
    ("gif-animated-transparent-hiragana-chi.gif", 31),
    ("gif-interlaced-hopper-zero-comment-subblocks.gif", 1),
  ])
  func realFilesCountTheirFrames(name: String, frames: Int) throws {
    let info = try ImageDecoder.info(ofFileAt: Fixture.good(name))
    #expect(info.frameCount == frames)
    #expect(info.frameDurations.count == (frames > 1 ? frames : 0))
  }

  @Test func transparentIndexBecomesAlphaZero() throws {
    let image = try ImageDecoder.decode(fileAt: Fixture.good("gif-transparent-60x45.gif"))
    let alphas = Set(stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] })
    #expect(alphas == [0, 255])
  }

  @Test func interlacedAndProgressiveFilesDecodeAlike() throws {
    let plain = try ImageDecoder.decode(fileAt: Fixture.good("gif-still-64x48.gif"))
    let interlaced = try ImageDecoder.decode(fileAt: Fixture.good("gif-interlaced-64x48.gif"))
    #expect(plain == interlaced)
  }

  @Test func headerIsCheckedAgainstTheLimitsBeforeDecoding() {
    let path = Fixture.good("gif-animated-transparent-hiragana-chi.gif")
    #expect {
      _ = try ImageDecoder.decode(fileAt: path, limits: DecodeLimits(maxPixels: 10_000))
    } throws: { error in
      (error as? DecodeError)?.code == .exceedsLimits
    }
  }
}
