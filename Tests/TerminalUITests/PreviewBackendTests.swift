import ImageDecoding
import Testing

@testable import TerminalUI

@Suite struct PreviewBackendTests {
  @Test func halfBlockBackendDrawsWhatImageRendererDraws() {
    let image = ImageRendererTests.image(width: 40, height: 30) { x, y in
      [UInt8(x * 6), UInt8(y * 8), 90, 255]
    }
    let renderer = ImageRenderer(colorMode: .truecolor)
    let backend = HalfBlockPreviews(renderer)
    #expect(
      backend.preview(image, fittingColumns: 20, rows: 7)
        == .cells(renderer.render(image, fittingColumns: 20, rows: 7)))
    #expect(
      backend.previewCentred(image, columns: 30, rows: 10)
        == .cells(renderer.renderCentred(image, columns: 30, rows: 10)))
  }

  @Test func centredGraphicIsOffsetToTheMiddleOfItsBox() {
    struct Fixed: PreviewBackend {
      func preview(_ image: PixelImage, fittingColumns columns: Int, rows: Int) -> Preview {
        .graphic(
          GraphicPreview(
            graphics: .kitty, columns: 10, rows: 4, image: PixelImage(width: 100, height: 80)))
      }
    }
    let preview = Fixed().previewCentred(PixelImage(width: 1, height: 1), columns: 20, rows: 8)
    guard case .graphic(let graphic) = preview else {
      Issue.record("expected a graphic")
      return
    }
    #expect([graphic.offsetX, graphic.offsetY] == [5, 2])
    #expect(preview.cells.width == 15 && preview.cells.height == 6)
  }
}

@Suite struct PreviewCacheTests {
  static func image(_ bytes: Int) -> PixelImage {
    PixelImage(width: bytes / 4, height: 1, pixels: [UInt8](repeating: 0, count: bytes))
  }

  @Test func evictsTheOldestEntriesFirstAndNeverTheKeptOnes() {
    var cache = PreviewCache<PixelImage>()
    for id in ["a", "b", "c", "d"] { cache[id] = Self.image(100) }
    #expect(cache.byteCount == 400)
    #expect(cache.eviction(toBytes: 400, keeping: []).isEmpty)
    #expect(cache.eviction(toBytes: 250, keeping: []) == ["a", "b"])
    #expect(cache.eviction(toBytes: 250, keeping: ["a"]) == ["b", "c"])
    // Storing again makes an entry the newest.
    cache["a"] = Self.image(100)
    #expect(cache.eviction(toBytes: 300, keeping: []) == ["b"])
    // When only kept entries are left, the bound gives way.
    #expect(cache.eviction(toBytes: 0, keeping: ["a", "b", "c", "d"]).isEmpty)
    cache["a"] = nil
    #expect(cache.byteCount == 300 && cache.count == 3)
  }

  @Test func galleryModelDropsThumbnailsOutOfViewPastItsByteLimit() {
    var model = GalleryModel(mode: .browse, size: TerminalSize(columns: 80, rows: 24))
    model.cacheByteLimit = 1000
    // Nothing is visible before launch: every id may go.
    for index in 0..<5 {
      model.images["photo-\(index)"] = Self.image(400)
      model.tiles["photo-\(index)"] = .cells(CellBuffer(width: 1, height: 1))
    }
    #expect(model.images.byteCount + model.tiles.byteCount <= 1000)
    #expect(model.images["photo-4"] != nil && model.tiles["photo-4"] != nil)
    #expect(model.images["photo-0"] == nil && model.tiles["photo-0"] == nil)
  }
}
