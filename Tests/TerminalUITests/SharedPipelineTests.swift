import Foundation
import ImageDecoding
import PhotoLibrary
import TestSupport
import Testing

@testable import TerminalUI

/// The gallery and `show` share one ``ImagePipeline``: a file one of them decoded is not
/// decoded again by the other.
@Suite struct SharedPipelineTests {
  static let file = TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg")

  /// The gallery's full-screen preview of `file` for `longSide` pixels, through `loader`.
  func galleryPreview(_ loader: ThumbnailLoader, _ events: EventQueue, longSide: Int) throws
    -> PixelImage
  {
    loader.loadPreview(id: "a", url: Self.file, longSide: longSide)
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      for case .previewLoaded(_, _, let image?) in events.takeAll(until: deadline) {
        return image
      }
    }
    throw CancellationError()
  }

  /// `show`'s printer at 80 × 24 cells in half blocks, writing to /dev/null.
  func show(_ pipeline: ImagePipeline) throws {
    let sink = open("/dev/null", O_WRONLY | O_CLOEXEC)
    defer { close(sink) }
    let printer = ImagePrinter(
      terminal: Terminal(input: -1, output: sink),
      negotiation: GraphicsNegotiation(graphics: nil, cell: .fallback, insideTmux: false),
      renderer: ImageRenderer(colorMode: .truecolor), columns: 80, rows: 24,
      pipeline: pipeline)
    try printer.print(Self.file.path)
  }

  @Test func showAfterTheGalleryPreviewDecodesNothing() throws {
    let pipeline = ImagePipeline()
    let events = EventQueue()
    let loader = ThumbnailLoader(pipeline: pipeline, post: events.post)
    _ = try galleryPreview(loader, events, longSide: 900)
    #expect(pipeline.decodeCount == 1)
    try show(pipeline)
    #expect(pipeline.decodeCount == 1, "show decoded the file again")
  }

  @Test func theGalleryPreviewAfterShowDecodesNothing() throws {
    let pipeline = ImagePipeline()
    let events = EventQueue()
    try show(pipeline)
    #expect(pipeline.decodeCount == 1)
    _ = try galleryPreview(
      ThumbnailLoader(pipeline: pipeline, post: events.post), events, longSide: 900)
    #expect(pipeline.decodeCount == 1, "the gallery decoded the file again")
  }

  @Test func aThumbnailAskedForAgainComesFromMemory() throws {
    let folder = try TestPaths.makeTemporaryDirectory("shared-pipeline")
    defer { try? FileManager.default.removeItem(at: folder) }
    let pipeline = ImagePipeline(
      thumbnailCache: ThumbnailCache(root: folder.appendingPathComponent("thumbnails")))
    let first = try pipeline.thumbnail(fileAt: Self.file.path)
    let second = try pipeline.thumbnail(fileAt: Self.file.path)
    #expect(first == second)
    #expect(max(first.width, first.height) == ThumbnailSize.large.pixels)
    #expect(pipeline.decodeCount == 1)
  }
}
