import Foundation
import ImageDecoding
import TestSupport
import Testing

/// The decompression-bomb guard: sizes from the header are checked before any pixel buffer.
@Suite struct LimitsTests {
  @Test func defaultsAre200MegapixelsAndOneGibibyte() {
    #expect(DecodeLimits.default == DecodeLimits(maxPixels: 200_000_000, maxBytes: 1 << 30))
  }

  /// iPhone panoramas are wider than 16,384 pixels: one side alone never refuses an image.
  @Test func aPanoramaWiderThan16384PixelsDecodes() throws {
    let folder = try TestPaths.makeTemporaryDirectory("panorama")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("panorama.png").path
    let wide = PixelImage(
      width: 20_000, height: 100,
      pixels: [UInt8](repeating: 200, count: 20_000 * 100 * 4))
    try Data(PNGEncoder.encode(wide, compressionLevel: 1)).write(to: URL(fileURLWithPath: path))
    let decoded = try ImageDecoder.thumbnail(fileAt: path, longSide: 256)
    #expect((decoded.width, decoded.height) == (256, 1))
  }

  @Test func pngHeaderClaiming20000SquaredIsRefusedBeforeDecoding() {
    #expect {
      _ = try ImageDecoder.decode(fileAt: Fixture.bad("oversized-header.png"))
    } throws: { error in
      guard let error = error as? DecodeError else { return false }
      return error.code == .exceedsLimits && error.reason.contains("20000×20000")
    }
  }

  @Test func infoStillReportsAnOversizedHeader() throws {
    let info = try ImageDecoder.info(ofFileAt: Fixture.bad("oversized-header.png"))
    #expect((info.width, info.height) == (20000, 20000))
  }

  @Test(arguments: [
    (DecodeLimits(maxPixels: 37 * 29 - 1), DecodeError.Code?.some(.exceedsLimits)),
    (DecodeLimits(maxPixels: 37 * 29), nil),
    (DecodeLimits(maxPixels: 37 * 29, maxBytes: 37 * 29 * 4 - 1), .some(.exceedsLimits)),
    (DecodeLimits(maxPixels: 37 * 29, maxBytes: 37 * 29 * 4), nil),
  ])
  func configuredLimitsApplyToPixelsAndBytes(limits: DecodeLimits, code: DecodeError.Code?) {
    // jpeg-baseline.jpg is 37×29.
    let result = Result {
      try ImageDecoder.decode(fileAt: Fixture.good("jpeg-baseline.jpg"), limits: limits)
    }
    switch (result, code) {
    case (.success, nil): break
    case (.failure(let error as DecodeError), .some(let code)): #expect(error.code == code)
    default: Issue.record("\(limits): \(result)")
    }
  }
}
