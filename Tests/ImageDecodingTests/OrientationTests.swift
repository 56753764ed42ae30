import ImageDecoding
import Testing

/// The eight EXIF orientations, on a 3×2 image whose pixels are numbered 1…6:
///
///     1 2 3
///     4 5 6
@Suite struct OrientationTests {
  static let stored = PixelImage(
    width: 3, height: 2, pixels: (1...6).flatMap { [UInt8($0), 0, 0, 255] })

  static let cases: [(ImageOrientation, width: Int, rows: [UInt8])] = [
    (.up, 3, [1, 2, 3, 4, 5, 6]),
    (.upMirrored, 3, [3, 2, 1, 6, 5, 4]),
    (.down, 3, [6, 5, 4, 3, 2, 1]),
    (.downMirrored, 3, [4, 5, 6, 1, 2, 3]),
    (.leftMirrored, 2, [1, 4, 2, 5, 3, 6]),
    (.right, 2, [4, 1, 5, 2, 6, 3]),
    (.rightMirrored, 2, [6, 3, 5, 2, 4, 1]),
    (.left, 2, [3, 6, 2, 5, 1, 4]),
  ]

  @Test(arguments: cases)
  func applyingOrientationMovesEveryPixel(
    orientation: ImageOrientation, width: Int, rows: [UInt8]
  ) {
    let upright = Self.stored.applying(orientation)
    #expect(upright.width == width)
    #expect(upright.height == 6 / width)
    #expect(stride(from: 0, to: upright.pixels.count, by: 4).map { upright.pixels[$0] } == rows)
  }

  @Test(arguments: 1...8)
  func infoReportsOrientationAndSizeAfterIt(orientation: Int) throws {
    let info = try ImageDecoder.info(ofFileAt: Fixture.good("jpeg-orientation-\(orientation).jpg"))
    #expect(info.orientation == orientation)
    #expect((info.width, info.height) == (orientation >= 5 ? (16, 24) : (24, 16)))
    #expect(info.dateTimeOriginal == "2024:05:17 09:30:00")
  }

  @Test func invalidOrientationMeansAsStored() throws {
    let path = Fixture.good("jpeg-orientation-invalid.jpg")
    let info = try ImageDecoder.info(ofFileAt: path)
    #expect(info.orientation == 1)
    #expect((info.width, info.height) == (24, 16))
    let image = try ImageDecoder.decode(fileAt: path)
    let asStored = try ImageDecoder.decode(fileAt: Fixture.good("jpeg-orientation-1.jpg"))
    #expect(image == asStored)
  }

  @Test func thumbnailAppliesOrientation() throws {
    let image = try ImageDecoder.thumbnail(
      fileAt: Fixture.good("jpeg-orientation-6.jpg"), longSide: 12)
    #expect((image.width, image.height) == (8, 12))
  }

  @Test func pngEXIfChunkOrientationIsApplied() throws {
    let path = Fixture.good("png-exif-orientation-6.png")
    let info = try ImageDecoder.info(ofFileAt: path)
    #expect(info.orientation == 6)
    #expect((info.width, info.height) == (4, 6))
  }
}
