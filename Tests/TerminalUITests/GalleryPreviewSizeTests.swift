import Foundation
import ImageDecoding
import PhotoLibrary
import PickerCore
import Testing

@testable import TerminalUI

/// The full-screen preview shows the photo decoded for the screen's pixels, not its 256-pixel
/// thumbnail enlarged.
@Suite struct GalleryPreviewSizeTests {
  final class Requests: @unchecked Sendable {
    var previews: [(id: String, longSide: Int)] = []
  }

  @Test func underAGraphicsProtocolThePreviewIsDecodedAtTheScreensPixelSize() throws {
    let harness = try GalleryHarness(
      previews: GraphicsPreviews(.kitty, cell: CellSize(width: 10, height: 20))
    ) { $0.apply(.grant, to: .photos) }
    let requests = Requests()
    harness.app.requestPreview = { id, _, longSide in requests.previews.append((id, longSide)) }
    let id = try #require(harness.model.picker.focusedAsset?.id)
    harness.app.handle(.thumbnailLoaded(id: id, image: GalleryHarness.image((9, 9, 9))))

    harness.press(.enter)
    #expect(harness.model.panel == .preview)
    let area = harness.model.layout.preview
    let longSide = max(area.width * 10, area.height * 20)
    #expect(requests.previews.map(\.id) == [id])
    #expect(requests.previews.map(\.longSide) == [longSide])
    // Until the picture arrives, the thumbnail stands in.
    #expect(harness.model.previewPicture(id)?.width == 8)

    let full = PixelImage(
      width: longSide, height: longSide / 2,
      pixels: [UInt8](repeating: 200, count: longSide * (longSide / 2) * 4))
    harness.app.handle(.previewLoaded(id: id, longSide: longSide, image: full))
    #expect(harness.model.previewPicture(id)?.width == longSide)
    let placement = try #require(GalleryView.placements(harness.model).first)
    #expect(placement.graphic.image.width > 256)

    // The next photo is asked for; the preview closing forgets the picture.
    harness.press(.right)
    #expect(requests.previews.count == 2)
    harness.press(.escape)
    #expect(harness.model.previewImage == nil)
  }

  @Test func halfBlocksShowTheThumbnailWhichAlreadyHasEveryPixelTheyCanDraw() throws {
    let harness = try GalleryHarness.authorized()
    let requests = Requests()
    harness.app.requestPreview = { id, _, longSide in requests.previews.append((id, longSide)) }
    harness.press(.enter)
    #expect(harness.model.panel == .preview)
    #expect(requests.previews.isEmpty)
  }
}
