import Foundation
import ImageDecoding
import TestSupport
import Testing

/// The cache with the real codec (libjpeg, libpng) on copies of SampleImages.
@Suite struct ThumbnailCacheLiveTests {
  let library: URL
  let cache: ThumbnailCache

  init() throws {
    let folder = try TestPaths.makeTemporaryDirectory("thumbs-live")
    library = folder.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    cache = ThumbnailCache(root: folder.appendingPathComponent("thumbnails"))
  }

  func copy(_ name: String) throws -> URL {
    let url = library.appendingPathComponent(name)
    try FileManager.default.copyItem(
      at: TestPaths.sampleImages.appendingPathComponent(name), to: url)
    return url
  }

  @Test func storesALosslessThumbnailThatIsReadBackFromTheCache() throws {
    let file = try copy("summer-palace-beijing.jpg")  // 640×427
    let made = try cache.thumbnail(for: file, size: .normal)
    #expect(made.width == 128 && made.height == 85)
    let cached = cache.cachedURL(for: file, size: .normal)
    let metadata = try #require(ThumbnailMetadata.read(fromFileAt: cached.path))
    #expect(metadata.width == 128 && metadata.height == 85)
    #expect(metadata.uri == ThumbnailCache.uri(for: file))
    #expect(try ImageDecoder.decode(fileAt: cached.path) == made)
    #expect(try cache.thumbnail(for: file, size: .normal) == made)
  }

  @Test func anImageSmallerThanTheFolderIsStoredAtItsOwnSize() throws {
    let file = try copy("chelsea-the-cat-exif-orientation-6.jpg")  // 300×451 stored, turned
    let image = try cache.thumbnail(for: file, size: .xLarge)
    #expect(image.width == 451 && image.height == 300)
    let metadata = ThumbnailMetadata.read(
      fromFileAt: cache.cachedURL(for: file, size: .xLarge).path)
    #expect(metadata?.width == 451 && metadata?.height == 300)
  }

  @Test func aCachedPNGWithDamagedImageDataIsMadeAgainNotTrusted() throws {
    let file = try copy("coffee-cup-progressive.jpg")
    let made = try cache.thumbnail(for: file, size: .normal)
    let cached = cache.cachedURL(for: file, size: .normal)
    // Scramble the middle of IDAT: the header and IEND still look right, the data does not.
    var bytes = [UInt8](try Data(contentsOf: cached))
    for index in (bytes.count / 2)..<(bytes.count / 2 + 64) { bytes[index] ^= 0x5a }
    try Data(bytes).write(to: cached)
    #expect(try cache.thumbnail(for: file, size: .normal) == made)
    #expect(try ImageDecoder.decode(fileAt: cached.path) == made)
  }

  @Test func aTruncatedJPEGIsRecordedAsAFailureWithItsReason() throws {
    let source = TestPaths.packageRoot.appendingPathComponent(
      "Tests/ImageDecodingTests/Fixtures/bad/truncated.jpg")
    let file = library.appendingPathComponent("truncated.jpg")
    try FileManager.default.copyItem(at: source, to: file)
    guard case .failed(let error) = cache.ensureThumbnail(for: file, size: .large) else {
      Issue.record("a truncated JPEG must fail")
      return
    }
    #expect(error.path == file.path)
    #expect(error.code == .corruptData)
    let record = try #require(ThumbnailMetadata.read(fromFileAt: cache.failureURL(for: file).path))
    #expect(record.text["X-Photogate::Reason"] == error.reason)
    #expect(record.width == 1 && record.height == 1)
  }
}
