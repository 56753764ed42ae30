import Testing

@testable import ImageDecoding

/// Shrink-on-load thumbnails: size and aspect, the DCT scale choice, exact DCT-scaled decodes,
/// and a resampler that averages areas and keeps transparent colour out.
@Suite struct ThumbnailTests {
  @Test(arguments: [
    (4032, 3024, 256, 256, 192), (3024, 4032, 256, 192, 256), (37, 29, 10, 10, 8),
    (1000, 1, 100, 100, 1), (100, 100, 100, 100, 100), (50, 20, 100, 50, 20),
  ])
  func sizeKeepsAspectAndNeverEnlarges(
    width: Int, height: Int, longSide: Int, expectedWidth: Int, expectedHeight: Int
  ) {
    let size = ThumbnailOptions.size(ofWidth: width, height: height, longSide: longSide)
    #expect(size.width == expectedWidth)
    #expect(size.height == expectedHeight)
  }

  @Test(arguments: [
    (4032, 256, 4), (4032, 128, 8), (4032, 252, 8), (4032, 1024, 1), (4032, 1008, 2),
    (600, 256, 1), (37, 10, 1),
  ])
  func dctScaleLeavesAtLeastATwofoldResize(longSide: Int, target: Int, denominator: Int) {
    #expect(
      JPEGCodec.scaleDenominator(width: longSide, height: longSide / 2, targetLongSide: target)
        == denominator)
  }

  @Test(arguments: [1, 2, 4, 8])
  func dctScaledDecodeMatchesDjpegScale(denominator: Int) throws {
    let bytes = try FileBytes.read(Fixture.good("jpeg-dct-scaling.jpg")).bytes
    let (_, image) = try JPEGCodec.decode(bytes, limits: .default) { _ in denominator }
    let reference = try Fixture.readPAM(
      Fixture.good("jpeg-dct-scaling.scale-1-\(denominator).ref.pam"))
    #expect(image == reference)
  }

  @Test(arguments: ["jpeg-baseline.jpg", "png-rgba-16.png", "jpeg-orientation-5.jpg"])
  func thumbnailHasTheRequestedLongSide(name: String) throws {
    let info = try ImageDecoder.info(ofFileAt: Fixture.good(name))
    let thumbnail = try ImageDecoder.thumbnail(fileAt: Fixture.good(name), longSide: 9)
    #expect(max(thumbnail.width, thumbnail.height) == 9)
    #expect((thumbnail.width > thumbnail.height) == (info.width > info.height))
  }

  @Test func shrinkOnLoadCanBeTurnedOffWithoutChangingTheSize() throws {
    let path = Fixture.good("jpeg-dct-scaling.jpg")
    let fast = try ImageDecoder.thumbnail(fileAt: path, longSide: 9)
    let slow = try ImageDecoder.thumbnail(
      fileAt: path, longSide: 9, options: ThumbnailOptions(shrinkOnLoad: false))
    #expect((fast.width, fast.height) == (9, 7))
    #expect((slow.width, slow.height) == (9, 7))
    #expect(fast != slow)  // a different path through the decoder, so not the same bytes
  }

  @Test func truncatedJPEGCanBeAcceptedOnRequest() throws {
    let path = Fixture.bad("truncated.jpg")
    #expect(throws: DecodeError.self) { _ = try ImageDecoder.thumbnail(fileAt: path, longSide: 20) }
    let image = try ImageDecoder.thumbnail(
      fileAt: path, longSide: 20, options: ThumbnailOptions(allowsTruncatedJPEG: true))
    #expect((image.width, image.height) == (20, 16))
  }

  @Test func thumbnailOfZeroIsTheFullDecode() throws {
    let path = Fixture.good("jpeg-orientation-7.jpg")
    #expect(
      try ImageDecoder.thumbnail(fileAt: path, longSide: 0) == ImageDecoder.decode(fileAt: path))
  }

  @Test func thumbnailLargerThanTheImageIsTheFullDecode() throws {
    let path = Fixture.good("png-palette-trns-4.png")
    #expect(
      try ImageDecoder.thumbnail(fileAt: path, longSide: 500) == ImageDecoder.decode(fileAt: path))
  }

  @Test func integerShrinkIsAnExactAreaAverage() {
    // 8×2 → 2×… via the box stage: each output averages a 4×2 block.
    var pixels: [UInt8] = []
    for y in 0..<2 {
      for x in 0..<8 { pixels += [UInt8(x * 30 + y * 10), 100, 200, 255] }
    }
    let boxed = Resampler.boxShrink(PixelImage(width: 8, height: 2, pixels: pixels), byX: 4, byY: 2)
    #expect((boxed.width, boxed.height) == (2, 1))
    #expect(boxed.values[0] == Float(0 + 30 + 60 + 90) / 4 + 5)
    #expect(boxed.values[4] == Float(120 + 150 + 180 + 210) / 4 + 5)
    #expect(boxed.values[7] == 255)
  }

  @Test func uniformImageStaysUniform() {
    let image = PixelImage(
      width: 40, height: 30, pixels: [UInt8]((0..<1200).flatMap { _ in [12, 200, 77, 255] }))
    let small = Resampler.resize(image, width: 7, height: 5)
    #expect(small.pixels == [UInt8]((0..<35).flatMap { _ in [12, 200, 77, 255] }))
  }

  @Test func transparentPixelsLendNoColourAtEdges() {
    // Left half opaque red, right half fully transparent green: after shrinking, every
    // visible pixel must still be pure red (no green or dark fringe), with partial alpha.
    var pixels: [UInt8] = []
    for _ in 0..<16 {
      for x in 0..<16 { pixels += x < 8 ? [255, 0, 0, 255] : [0, 255, 0, 0] }
    }
    let small = Resampler.resize(
      PixelImage(width: 16, height: 16, pixels: pixels), width: 3, height: 3)
    var sawPartial = false
    for y in 0..<3 {
      for x in 0..<3 {
        let p = small.pixel(x: x, y: y)
        if p.a > 0 { #expect(p.r == 255 && p.g == 0 && p.b == 0, "(\(x),\(y)) = \(p)") }
        if p.a > 0 && p.a < 255 { sawPartial = true }
      }
    }
    #expect(sawPartial)
  }
}
