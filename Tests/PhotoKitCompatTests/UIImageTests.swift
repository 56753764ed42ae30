import Foundation
import ImageDecoding
import PhotoKitCompat
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// UIKitCompat's `UIImage` (re-exported by PhotoKitCompat): reading, size in points,
  /// orientation, pixels, and PNG/JPEG data.
  @Suite struct UIImageStandIn {
    static let grace = TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg")

    @Test func imagesReadFromFilesAndDataHaveTheirPixelSize() throws {
      let image = try #require(UIImage(contentsOfFile: Self.grace.path))
      #expect(image.size == CGSize(width: 512, height: 600))
      #expect(image.scale == 1 && image.imageOrientation == .up)
      let rotated = try #require(
        UIImage(
          contentsOfFile: TestPaths.sampleImages.appendingPathComponent(
            "chelsea-the-cat-exif-orientation-6.jpg"
          ).path))
      #expect(rotated.size == CGSize(width: 451, height: 300))
      let fromData = try #require(UIImage(data: try Data(contentsOf: Self.grace), scale: 2))
      #expect(fromData.size == CGSize(width: 256, height: 300))
      #expect(UIImage(contentsOfFile: "/nonexistent/a.jpg") == nil)
      #expect(UIImage(data: Data("not an image".utf8)) == nil)
      #expect(UIImage(data: Data()) == nil)
    }

    @Test func namedImagesComeFromBundleResources() throws {
      let folder = try TestPaths.makeTemporaryDirectory("named")
      try FileManager.default.copyItem(
        at: TestPaths.sampleImages.appendingPathComponent("chelsea-the-cat.png"),
        to: folder.appendingPathComponent("cat@2x.png"))
      let bundle = try #require(Bundle(path: folder.path))
      let image = try #require(UIImage(named: "cat", in: bundle))
      #expect(image.scale == 2)
      #expect(image.size == CGSize(width: 225.5, height: 150))
      #expect(UIImage(named: "no-such-image", in: bundle) == nil)
      #expect(UIImage(named: "no-such-image") == nil)
      #expect(UIImage(systemName: "photo") == nil)
    }

    @Test func scaleAndOrientationGiveTheSizeInPoints() {
      // 4×2 stored pixels: red everywhere but a blue top-left pixel.
      var pixels = PixelImage(width: 4, height: 2)
      for index in 0..<8 {
        pixels.pixels.replaceSubrange(index * 4..<index * 4 + 4, with: [255, 0, 0, 255])
      }
      pixels.pixels.replaceSubrange(0..<4, with: [0, 0, 255, 255])
      let image = UIImage(pixels: pixels, scale: 2, orientation: .right)
      #expect(image.size == CGSize(width: 1, height: 2))
      #expect(image.pixelImage.width == 2 && image.pixelImage.height == 4)
      // Displayed rotated 90° clockwise: the stored top-left ends at the top right.
      #expect(image.pixel(x: 1, y: 0) == (0, 0, 255, 255))
      #expect(image.pixel(x: 0, y: 0) == (255, 0, 0, 255))
      let up = UIImage(image: image, scale: 1, orientation: .up)
      #expect(up.size == CGSize(width: 4, height: 2))
      #expect(UIImage.Orientation(CGImagePropertyOrientation.right) == .right)
      #expect(UIImage.Orientation(ImageOrientation.leftMirrored) == .leftMirrored)
      #expect(UIImage.Orientation.allCases.map(\.rawValue) == Array(0...7))
    }

    @Test func pngDataRoundTripsThePixels() throws {
      let image = try #require(UIImage(contentsOfFile: Self.grace.path))
      let data = try #require(image.pngData())
      #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
      let decoded = try #require(UIImage(data: data))
      #expect(decoded.pixelImage == image.pixelImage)
    }

    @Test func jpegDataIsAJPEGCloseToTheImageAndSmallerAtLowerQuality() throws {
      let image = try #require(UIImage(contentsOfFile: Self.grace.path))
      let best = try #require(image.jpegData(compressionQuality: 1))
      let small = try #require(image.jpegData(compressionQuality: 0.1))
      #expect(best.starts(with: [0xFF, 0xD8, 0xFF]))
      #expect(small.count < best.count)
      let decoded = try #require(UIImage(data: best))
      #expect(decoded.size == image.size)
      let original = image.pixelImage.pixels
      let roundTrip = decoded.pixelImage.pixels
      var total = 0
      for index in original.indices where index % 4 != 3 {
        total += abs(Int(original[index]) - Int(roundTrip[index]))
      }
      let mean = Double(total) / Double(original.count / 4 * 3)
      #expect(mean < 3, "mean error \(mean) at quality 100")
    }

    @Test func theJPEGEncoderRefusesWhatItCannotEncode() {
      #expect(throws: DecodeError.self) { try JPEGEncoder.encode(PixelImage(width: 0, height: 0)) }
      #expect(throws: DecodeError.self) {
        try JPEGEncoder.encode(PixelImage(width: 2, height: 2), quality: 0)
      }
      #expect(JPEGEncoder.quality(forCompressionQuality: 0) == 1)
      #expect(JPEGEncoder.quality(forCompressionQuality: 0.75) == 75)
      #expect(JPEGEncoder.quality(forCompressionQuality: 7) == 100)
      #expect(JPEGEncoder.quality(forCompressionQuality: .nan) == 90)
      #expect(
        UIImage(pixels: PixelImage(width: 0, height: 0)).jpegData(compressionQuality: 1) == nil)
    }

    @Test func savingAUIImageAddsAJPEGToTheLibrary() throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      let image = try #require(
        UIImage(contentsOfFile: library.appendingPathComponent("Trips/cat.png").path))
      var identifier: String?
      try PHPhotoLibrary.shared().performChangesAndWait {
        let request = PHAssetChangeRequest.creationRequestForAsset(from: image)
        identifier = request.placeholderForCreatedAsset?.localIdentifier
      }
      let saved = try PhotoKitCompatTests.asset(try #require(identifier))
      #expect(saved.pixelWidth == 451 && saved.pixelHeight == 300)
      let options = PHImageRequestOptions()
      options.isSynchronous = true
      var uti: String?
      PHImageManager.default().requestImageData(for: saved, options: options) { _, type, _, _ in
        uti = type
      }
      #expect(uti == "public.jpeg")
    }
  }
}
