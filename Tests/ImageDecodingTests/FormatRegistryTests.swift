import Foundation
import ImageDecoding
import TestSupport
import Testing

/// The format registry: one list of formats, consulted by every reader, open to new ones.
@Suite struct FormatRegistryTests {
  /// The first 12 bytes of an ISO base media file whose major brand is `brand`.
  static func isoBox(_ brand: String) -> [UInt8] {
    let ftyp: [UInt8] = [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]
    return ftyp + Array(brand.utf8)
  }

  @Test(arguments: [
    ([UInt8]([0xFF, 0xD8, 0xFF, 0xE0]), ImageFormat?.some(.jpeg)),
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .some(.png)),
    (isoBox("heic"), .some(.heif)),
    (isoBox("mif1"), .some(.heif)),
    (isoBox("avif"), nil),
    (isoBox("qt  "), .some(.quickTime)),
    (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8), .some(.webp)),
    (Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), nil),
    (Array("GIF89a".utf8), .some(.gif)),
    (Array("GIF87a".utf8), .some(.gif)),
    (Array("GIF90a".utf8), nil),
    ([0xFF, 0xD8], nil),
    ([0x89, 0x50, 0x4E, 0x47], nil),
    (Array("hello".utf8), nil),
    ([], nil),
  ])
  func sniffsByMagicBytesOnly(head: [UInt8], format: ImageFormat?) {
    #expect(ImageFormatRegistry.shared.codec(sniffing: head)?.format == format)
  }

  @Test func aPrivateRegistryKnowsOnlyItsOwnCodecs() {
    let registry = ImageFormatRegistry(codecs: [PPMCodec()])
    #expect(registry.formats == [ImageFormat("ppm")])
    #expect(registry.codec(sniffing: [0xFF, 0xD8, 0xFF]) == nil)
    #expect(registry.sniffLength == 2)
  }

  @Test func registeringTheSameFormatTwiceReplacesIt() {
    let registry = ImageFormatRegistry(codecs: [PPMCodec(), PPMCodec()])
    #expect(registry.formats.count == 1)
    registry.unregister(ImageFormat("ppm"))
    #expect(registry.formats.isEmpty)
  }

  @Test func aRegisteredFormatIsDecodedAndThumbnailed() throws {
    PPMCodec.registerShared()
    let folder = try TestPaths.makeTemporaryDirectory("ppm")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("red.ppm").path
    try Data(PPMCodec.file(width: 40, height: 20, rgb: (255, 0, 0))).write(
      to: URL(fileURLWithPath: path))

    let info = try ImageDecoder.info(ofFileAt: path)
    #expect(info == ImageInfo(format: ImageFormat("ppm"), width: 40, height: 20))
    #expect(info.format.displayName == "PPM")
    let thumbnail = try ImageDecoder.thumbnail(fileAt: path, longSide: 10)
    #expect((thumbnail.width, thumbnail.height) == (10, 5))
    #expect(thumbnail.pixel(x: 3, y: 3) == (255, 0, 0, 255))
    #expect(try ImageSniffer.format(ofFileAt: path) == ImageFormat("ppm"))
  }

  @Test func anUnknownFormatIsNamedWithTheFormatsThatAreRead() throws {
    let folder = try TestPaths.makeTemporaryDirectory("unknown")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("notes.txt").path
    try Data("just text".utf8).write(to: URL(fileURLWithPath: path))
    #expect {
      _ = try ImageDecoder.info(ofFileAt: path)
    } throws: { error in
      let error = error as? DecodeError
      return error?.code == .corruptData && error?.path == path
        && error?.reason.contains("JPEG") == true
    }
  }
}
