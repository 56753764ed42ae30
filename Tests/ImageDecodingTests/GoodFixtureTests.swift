import ImageDecoding
import Testing

/// Every good fixture decodes pixel-exactly to its reference: djpeg's default decode for
/// JPEG (turned upright for EXIF orientations), the samples written into the file for PNG,
/// heif-dec's decode for HEIF (±1 for deep images), dwebp's for WebP, gif2rgb's for GIF.
@Suite struct GoodFixtureTests {
  @Test func fixtureFolderHoldsEveryCase() {
    let names = Fixture.goodWithReferences()
    #expect(names.count >= 45)
    #expect(Fixture.goodWithCrops().count >= 5)
    for required in [
      "jpeg-baseline.jpg", "jpeg-progressive.jpg", "jpeg-grayscale.jpg", "jpeg-cmyk-adobe.jpg",
      "jpeg-ycck-adobe.jpg", "jpeg-restart-markers.jpg", "jpeg-subsampling-411.jpg",
      "png-palette-trns-4.png", "png-gray-alpha-16.png", "png-adam7-rgba-16.png",
    ] {
      #expect(names.contains(required), "\(required) is missing")
    }
  }

  @Test(arguments: Fixture.goodWithReferences())
  func fullDecodeMatchesReferencePixelForPixel(name: String) throws {
    let image = try ImageDecoder.decode(fileAt: Fixture.good(name))
    let reference = try Fixture.reference(for: name)
    #expect(image.width == reference.width)
    #expect(image.height == reference.height)
    guard image.width == reference.width, image.height == reference.height else { return }
    let difference = Fixture.difference(image, reference, tolerance: Fixture.tolerance(for: name))
    #expect(
      difference.count == 0,
      "\(name): \(difference.count) bytes differ, up to \(difference.largest)")
  }

  @Test(arguments: Fixture.goodWithCrops())
  func fullDecodeMatchesEveryReferenceCrop(name: String) throws {
    let image = try ImageDecoder.decode(fileAt: Fixture.good(name))
    let crops = Fixture.crops(of: name)
    #expect(crops.count >= 3)
    for crop in crops {
      let reference = try Fixture.readPAM(Fixture.good(crop.reference))
      guard crop.x + reference.width <= image.width, crop.y + reference.height <= image.height
      else {
        Issue.record("\(crop.reference) lies outside the \(image.width)×\(image.height) decode")
        continue
      }
      let region = Fixture.crop(
        image, x: crop.x, y: crop.y, width: reference.width, height: reference.height)
      let difference = Fixture.difference(
        region, reference, tolerance: Fixture.tolerance(for: name))
      #expect(difference.count == 0, "\(crop.reference): \(difference.count) bytes differ")
    }
  }

  @Test(arguments: Fixture.goodWithReferences())
  func infoReportsTheDecodedSize(name: String) throws {
    let info = try ImageDecoder.info(ofFileAt: Fixture.good(name))
    let reference = try Fixture.reference(for: name)
    #expect(info.width == reference.width)
    #expect(info.height == reference.height)
    #expect(info.format == Fixture.format(of: name))
  }

  @Test func pngNamedAsJPEGDecodesByItsBytes() throws {
    let path = Fixture.good("png-named-as.jpg")
    let image = try ImageDecoder.decode(fileAt: path)
    #expect((image.width, image.height) == (4, 3))
    #expect(try ImageDecoder.info(ofFileAt: path).format == .png)
  }

  @Test func sixteenBitSamplesReduceExactlyForEveryValue() throws {
    // 256×256 gray with v = y·256 + x: each of the 65536 values once.
    let image = try ImageDecoder.decode(fileAt: Fixture.good("png-gray-16-every-value.png"))
    #expect((image.width, image.height) == (256, 256))
    var wrong = 0
    for value in 0..<65536 {
      let expected = UInt8((value * 255 + 32767) / 65535)
      let pixel = image.pixel(x: value % 256, y: value / 256)
      if pixel != (expected, expected, expected, 255) { wrong += 1 }
    }
    #expect(wrong == 0)
  }
}
