import Testing

@testable import ImageDecoding

/// HEIF/HEIC as iPhones write it: tile grids, `irot` applied once, embedded thumbnails used for
/// small thumbnails, 10-bit reduced by rounding, the Exif item read for metadata.
@Suite struct HEIFTests {
  /// Real files too large to keep a whole reference for (their crops of heif-dec's decode,
  /// across tile seams, are checked with the other fixtures), and their displayed size.
  static let realPhotos: [(name: String, width: Int, height: Int)] = [
    ("iphone-xs-ios12-heic-grid-irot270-thumb.heic", 3024, 4032),
    ("iphone-15pro-ios18-live-photo.heic", 3024, 4032),
    ("camera-canon-r8-heif-10bit-hdr-pq.heic", 600, 400),
  ]

  @Test(arguments: realPhotos)
  func realPhotoDecodesAtItsDisplayedSize(name: String, width: Int, height: Int) throws {
    let image = try ImageDecoder.decode(fileAt: Fixture.good(name))
    #expect((image.width, image.height) == (width, height))
    #expect(Fixture.crops(of: name).count >= 3)
  }

  @Test(arguments: realPhotos)
  func infoReportsTheDisplayedSizeWithoutDecoding(name: String, width: Int, height: Int) throws {
    let info = try ImageDecoder.info(ofFileAt: Fixture.good(name))
    #expect(info.format == .heif)
    #expect((info.width, info.height) == (width, height))
    #expect(info.orientation == 1)
  }

  @Test func iPhoneExifIsReadButItsOrientationIsNotAppliedTwice() throws {
    let bytes = try FileBytes.read(Fixture.good("iphone-xs-ios12-heic-grid-irot270-thumb.heic")).0
    let header = try #require(try HEIFCodec().header(bytes))
    #expect(header.orientation == .up)
    #expect(header.metadata.orientation == .right)
    #expect(header.metadata.make == "Apple")
    #expect(header.metadata.model == "iPhone XS")
    #expect(header.metadata.lensModel?.hasPrefix("iPhone XS back") == true)
    #expect(header.metadata.dateTimeOriginal?.count == 19)
  }

  @Test(arguments: ["heif-irot-exif-orientation-6.heic", "heif-irot-exif-orientation-5.heic"])
  func irotAndImirAreAppliedOnce(name: String) throws {
    let info = try ImageDecoder.info(ofFileAt: Fixture.good(name))
    #expect((info.width, info.height) == (64, 96))
    #expect(info.orientation == 1)
    #expect(info.dateTimeOriginal == "2021:06:05 14:03:02")
    let bytes = try FileBytes.read(Fixture.good(name)).0
    let metadata = try #require(try HEIFCodec().header(bytes)).metadata
    #expect(metadata.make == "PhotoGate")
    #expect(metadata.model == "Fixture Camera")
    #expect(metadata.lensModel == "Fixture Lens 26mm f/1.6")
  }

  @Test(arguments: [(48, 48, 36), (49, 160, 120), (100, 160, 120)])
  func embeddedThumbnailIsUsedOnlyWhenLargeEnough(
    target: Int, decodedWidth: Int, decodedHeight: Int
  ) throws {
    let bytes = try FileBytes.read(Fixture.good("heif-thumbnail-48-160x120.heic")).0
    let decoded = try HEIFCodec().decode(bytes, request: DecodeRequest(targetLongSide: target))
    #expect((decoded.image.width, decoded.image.height) == (decodedWidth, decodedHeight))
    #expect((decoded.header.width, decoded.header.height) == (160, 120))
  }

  @Test func noShrinkOnLoadMeansThePrimaryImage() throws {
    let bytes = try FileBytes.read(Fixture.good("heif-thumbnail-48-160x120.heic")).0
    let request = DecodeRequest(
      targetLongSide: 32, options: ThumbnailOptions(shrinkOnLoad: false))
    let decoded = try HEIFCodec().decode(bytes, request: request)
    #expect((decoded.image.width, decoded.image.height) == (160, 120))
  }

  @Test func iPhoneThumbnailComesFromTheRotatedEmbeddedThumbnail() throws {
    let path = Fixture.good("iphone-xs-ios12-heic-grid-irot270-thumb.heic")
    let bytes = try FileBytes.read(path).0
    let decoded = try HEIFCodec().decode(bytes, request: DecodeRequest(targetLongSide: 256))
    #expect((decoded.image.width, decoded.image.height) == (240, 320))
    let thumbnail = try ImageDecoder.thumbnail(fileAt: path, longSide: 256)
    #expect((thumbnail.width, thumbnail.height) == (192, 256))
  }

  @Test func alphaPlaneIsDecoded() throws {
    let image = try ImageDecoder.decode(fileAt: Fixture.good("heif-alpha-80x60.heic"))
    let alphas = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
    #expect(alphas.contains(0))
    #expect(alphas.contains(255))
  }

  @Test func deepImagesAreCheckedAtEightBytesAPixel() throws {
    let path = Fixture.good("heif-10bit-96x64.heic")
    let limits = DecodeLimits(maxPixels: 1_000_000, maxBytes: 96 * 64 * 4 + 100)
    #expect(try ImageDecoder.info(ofFileAt: path).width == 96)
    #expect {
      _ = try ImageDecoder.decode(fileAt: path, limits: limits)
    } throws: { error in
      (error as? DecodeError)?.code == .exceedsLimits
    }
  }

  @Test func aPhotoOverThePixelBudgetIsRefusedFromItsHeader() {
    let path = Fixture.good("iphone-xs-ios12-heic-grid-irot270-thumb.heic")
    #expect {
      _ = try ImageDecoder.decode(fileAt: path, limits: DecodeLimits(maxPixels: 10_000_000))
    } throws: { error in
      let error = error as? DecodeError
      return error?.code == .exceedsLimits && error?.path == path
    }
  }

  /// YCbCr fixtures without alpha (8-bit full and limited range, 10-bit, a tile grid, `irot` and
  /// `imir`) and a thumbnail size that makes the decode shrink them by 3 or more on both axes.
  static let shrinkable: [(name: String, longSide: Int)] = [
    ("heif-grid-3x2-tiles-192x128.heic", 24), ("heif-8bit-96x64.heic", 10),
    ("heif-limited-range-96x64.heic", 10), ("heif-10bit-96x64.heic", 10),
    ("heif-irot-exif-orientation-6.heic", 10),
    ("heif-irot-exif-orientation-5.heic", 10),
  ]

  @Test(arguments: shrinkable)
  func thumbnailDecodeAveragesThePlanesAsTheResizeWouldAverageThePixels(
    name: String, longSide: Int
  ) throws {
    let bytes = try FileBytes.read(Fixture.good(name)).0
    let exact = try HEIFCodec().decode(bytes, request: DecodeRequest()).image
    let reduced = try HEIFCodec().decode(bytes, request: DecodeRequest(targetLongSide: longSide))
    let size = ThumbnailOptions.size(
      ofWidth: exact.width, height: exact.height, longSide: longSide)
    let box = (
      x: Resampler.boxFactor(from: exact.width, to: size.width),
      y: Resampler.boxFactor(from: exact.height, to: size.height)
    )
    #expect(box.x >= 3 && box.y >= 3)
    let expected = Resampler.boxShrink(exact, byX: box.x, byY: box.y)
    #expect((reduced.image.width, reduced.image.height) == (expected.width, expected.height))
    #expect((reduced.header.width, reduced.header.height) == (exact.width, exact.height))
    let signed = zip(reduced.image.pixels, expected.values).map { Float($0) - $1 }
    let differences = signed.map(abs)
    let mean = differences.reduce(0, +) / Float(differences.count)
    let bias = signed.reduce(0, +) / Float(signed.count)
    #expect(mean < 0.5, "mean difference \(mean)")
    #expect(abs(bias) < 0.25, "mean signed difference \(bias)")
    #expect(differences.max() ?? 99 < 16, "largest difference \(differences.max() ?? 99)")
  }

  @Test func thumbnailWithAlphaIsDecodedExactlyAtFullSize() throws {
    let bytes = try FileBytes.read(Fixture.good("heif-alpha-80x60.heic")).0
    let decoded = try HEIFCodec().decode(bytes, request: DecodeRequest(targetLongSide: 10))
    #expect((decoded.image.width, decoded.image.height) == (80, 60))
  }

  @Test func fullSizeAndNoShrinkOnLoadDecodesAreNotShrunk() throws {
    let bytes = try FileBytes.read(Fixture.good("heif-grid-3x2-tiles-192x128.heic")).0
    let requests = [
      DecodeRequest(), DecodeRequest(targetLongSide: 400),
      DecodeRequest(targetLongSide: 32, options: ThumbnailOptions(shrinkOnLoad: false)),
    ]
    for request in requests {
      let decoded = try HEIFCodec().decode(bytes, request: request)
      #expect((decoded.image.width, decoded.image.height) == (192, 128))
    }
  }

  /// (width, height, long side) → the box factors: the resampler's, or the largest divisor of
  /// the size below it, whatever the options' minimum final shrink.
  @Test(arguments: [
    (4032, 3024, 256, 7, 7), (4000, 3000, 256, 5, 6), (3024, 4032, 256, 7, 7),
    (4093, 3001, 256, 1, 1), (4032, 3024, 600, 3, 3), (4032, 3024, 2000, 1, 1),
  ])
  func shrinkFactorsAreDivisorsOfTheSize(
    width: Int, height: Int, longSide: Int, x: Int, y: Int
  ) {
    let header = HEIFCodec.Header(
      header: ImageHeader(width: width, height: height, orientation: .up, metadata: EXIFMetadata()),
      bitDepth: 8, thumbnailWidth: 0, thumbnailHeight: 0, truncated: false)
    for options in [ThumbnailOptions.default, .cache] {
      let request = DecodeRequest(targetLongSide: longSide, options: options)
      let factors = HEIFCodec.shrinkFactors(header, request: request, thumbnail: false)
      #expect(factors == (x, y))
    }
    #expect(HEIFCodec.shrinkFactors(header, request: DecodeRequest(), thumbnail: false) == (1, 1))
  }
}
