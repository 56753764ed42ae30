import Foundation
import ImageDecoding
import TestSupport
import Testing

@testable import TerminalUI

@Suite struct GalleryThumbnailLoaderTests {
  @Test func loadedAndFailedThumbnailsComeBackAsEvents() throws {
    let folder = try TestPaths.makeTemporaryDirectory("gallery-loader")
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("bad.jpg")
    try Data([0xFF, 0xD8, 0xFF, 0x00, 0x01]).write(to: bad)
    let good = TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg")
    let events = EventQueue()
    let loader = ThumbnailLoader(
      cache: ThumbnailCache(root: folder.appendingPathComponent("thumbnails")),
      post: events.post)
    loader.load([(id: "good", url: good), (id: "bad", url: bad), (id: "good", url: good)])

    var loaded: [String: PixelImage] = [:]
    var failed: [String] = []
    var total = 0
    let deadline = Date().addingTimeInterval(60)
    while loaded.count + failed.count < 2, Date() < deadline {
      for event in events.takeAll(until: deadline) {
        total += 1
        switch event {
        case .thumbnailLoaded(let id, let image): loaded[id] = image
        case .thumbnailFailed(let id, _): failed.append(id)
        default: break
        }
      }
    }
    let image = try #require(loaded["good"])
    #expect(max(image.width, image.height) == 256)
    #expect(failed == ["bad"])
    total += events.takeAll(until: Date().addingTimeInterval(0.2)).count
    #expect(total == 2, "the id queued twice is loaded once")
  }

  @Test func aThumbnailIsReadFromTheCacheTheSecondTime() throws {
    let folder = try TestPaths.makeTemporaryDirectory("gallery-loader")
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = ThumbnailCache(root: folder.appendingPathComponent("thumbnails"))
    let good = TestPaths.sampleImages.appendingPathComponent("retina-fundus.jpg")
    let events = EventQueue()
    ThumbnailLoader(cache: cache, post: events.post).load([(id: "a", url: good)])
    let first = events.takeAll(until: Date().addingTimeInterval(60))
    #expect(first.count == 1)
    #expect(cache.freshCachedURL(for: good, size: .large) != nil)
  }
}
