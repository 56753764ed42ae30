import Foundation
import ImageDecoding
import TestSupport
import Testing

@testable import TerminalUI

/// `show` and the gallery load previews through the format registry: a format registered
/// from outside previews like the built-in ones.
@Suite struct RegisteredFormatPreviewTests {
  @Test func aRegisteredFormatIsPreviewed() throws {
    PPMCodec.registerShared()
    let folder = try TestPaths.makeTemporaryDirectory("ppm-preview")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("green.ppm").path
    try Data(PPMCodec.file(width: 8, height: 8, rgb: (0, 255, 0))).write(
      to: URL(fileURLWithPath: path))
    let image = try ImageRenderer.loadImage(path, columns: 4, rows: 2)
    #expect((image.width, image.height) == (8, 8))
    #expect(image.pixel(x: 4, y: 4) == (0, 255, 0, 255))
  }
}
