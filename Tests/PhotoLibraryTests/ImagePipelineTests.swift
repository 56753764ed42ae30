import Foundation
import ImageDecoding
import PhotoLibrary
import TestSupport
import Testing

/// One decode per file version and size while the picture stays in the byte-bounded cache.
@Suite struct ImagePipelineTests {
  static func copySample(to folder: URL) throws -> URL {
    let file = folder.appendingPathComponent("photo.jpg")
    try FileManager.default.copyItem(
      at: TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg"), to: file)
    return file
  }

  @Test func askingAgainForTheSameFileAndSizeDecodesNothing() throws {
    let folder = try TestPaths.makeTemporaryDirectory("pipeline")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try Self.copySample(to: folder)
    let pipeline = ImagePipeline()
    let first = try pipeline.image(fileAt: file.path, longSide: 64)
    let again = try pipeline.image(fileAt: file.path, longSide: 64)
    #expect(pipeline.decodeCount == 1)
    #expect(first.pixels == again.pixels)
    #expect(max(first.width, first.height) == 64)
    // Another size is another picture.
    _ = try pipeline.image(fileAt: file.path, longSide: 32)
    #expect(pipeline.decodeCount == 2)
  }

  @Test func aFileRewrittenInPlaceIsDecodedAfresh() throws {
    let folder = try TestPaths.makeTemporaryDirectory("pipeline")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try Self.copySample(to: folder)
    let pipeline = ImagePipeline()
    let before = try pipeline.image(fileAt: file.path, longSide: 48)
    let png = try Data(
      contentsOf: TestPaths.sampleImages.appendingPathComponent("coffee-cup-cutout-rgba.png"))
    try png.write(to: file)
    let after = try pipeline.image(fileAt: file.path, longSide: 48)
    #expect(pipeline.decodeCount == 2)
    #expect(after.pixels != before.pixels)
  }

  @Test func theCacheStaysWithinItsByteLimit() throws {
    let folder = try TestPaths.makeTemporaryDirectory("pipeline")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try Self.copySample(to: folder)
    let limit = 64 * 64 * 4 * 3
    let pipeline = ImagePipeline(byteLimit: limit)
    for side in stride(from: 40, through: 64, by: 2) {
      _ = try pipeline.image(fileAt: file.path, longSide: side)
      #expect(pipeline.cachedBytes <= limit)
    }
    #expect(pipeline.cachedBytes > 0)
  }

  /// A lower limit (the gallery's) takes effect at once: the pictures used longest ago go, and
  /// the one just used stays.
  @Test func loweringTheLimitDropsTheOldestPictures() throws {
    let folder = try TestPaths.makeTemporaryDirectory("pipeline")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try Self.copySample(to: folder)
    let pipeline = ImagePipeline(byteLimit: 1 << 20)
    for side in stride(from: 40, through: 64, by: 4) {
      _ = try pipeline.image(fileAt: file.path, longSide: side)
    }
    let held = pipeline.cachedBytes
    let newest = try pipeline.image(fileAt: file.path, longSide: 64)
    pipeline.byteLimit = 2 * newest.pixels.count
    #expect(pipeline.byteLimit == 2 * newest.pixels.count)
    #expect(pipeline.cachedBytes < held)
    #expect(pipeline.cachedBytes <= pipeline.byteLimit)
    #expect(pipeline.cachedLongSides(fileAt: file.path).contains(max(newest.width, newest.height)))
    #expect(!pipeline.cachedLongSides(fileAt: file.path).contains(40), "the oldest went first")
  }

  @Test func aFileThatIsNotThereIsAnError() {
    #expect(throws: (any Error).self) {
      try ImagePipeline().image(fileAt: "/nonexistent/photo.jpg", longSide: 64)
    }
  }
}
