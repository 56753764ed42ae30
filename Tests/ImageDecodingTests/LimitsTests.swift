import ImageDecoding
import Testing

/// The decompression-bomb guard: sizes from the header are checked before any pixel buffer.
@Suite struct LimitsTests {
  @Test func defaultsAre16384PerSideAnd100Megapixels() {
    #expect(DecodeLimits.default == DecodeLimits(maxSide: 16_384, maxPixels: 100_000_000))
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
    (DecodeLimits(maxSide: 36, maxPixels: 10_000), DecodeError.Code?.some(.exceedsLimits)),
    (DecodeLimits(maxSide: 37, maxPixels: 37 * 29 - 1), .some(.exceedsLimits)),
    (DecodeLimits(maxSide: 37, maxPixels: 37 * 29), nil),
  ])
  func configuredLimitsApplyToSideAndArea(limits: DecodeLimits, code: DecodeError.Code?) {
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
