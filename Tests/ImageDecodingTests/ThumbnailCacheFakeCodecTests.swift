import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ImageDecoding

/// A stand-in for the libjpeg/libpng codec, so that the cache's logic is tested on images the
/// tests make themselves: any file whose name contains "bad" fails to decode, one with
/// "no-codec" fails as if its codec library were missing, one with "slow" takes 20 ms; every
/// other file
/// becomes a 6×4 image whose colour is the file's first byte. PNGs are written uncompressed
/// (zlib stored blocks), in the layout a real encoder uses: IHDR, tEXt…, IDAT, IEND.
final class FakeThumbnailCodec: Sendable {
  /// How many times a source was shrunk, and how many times a cached PNG was decoded.
  let counts = Mutex((thumbnails: 0, decodes: 0))

  var thumbnails: Int { counts.withLock { $0.thumbnails } }
  var decodes: Int { counts.withLock { $0.decodes } }

  var codec: ThumbnailCache.Codec {
    ThumbnailCache.Codec(
      thumbnail: { path, longSide, _ throws(DecodeError) in
        self.counts.withLock { $0.thumbnails += 1 }
        if path.contains("bad") {
          throw DecodeError(.corruptData, path: path, reason: "not a JPEG or PNG file")
        }
        if path.contains("no-codec") {
          throw DecodeError(.codecUnavailable, path: path, reason: "libfake.so.1 is missing")
        }
        if path.contains("slow") { usleep(20_000) }  // Lets workers reach their writes together.
        let first = FileManager.default.contents(atPath: path)?.first ?? 0
        return Self.image(width: min(6, longSide), height: min(4, longSide), value: first)
      },
      encodePNG: { image, text, _ in Self.encode(image, text: text) },
      decode: { path throws(DecodeError) in
        self.counts.withLock { $0.decodes += 1 }
        guard let image = Self.decode(path) else {
          throw DecodeError(.corruptData, path: path, reason: "not a stored PNG")
        }
        return image
      })
  }

  static func image(width: Int, height: Int, value: UInt8) -> PixelImage {
    PixelImage(
      width: width, height: height,
      pixels: [UInt8](repeating: value, count: width * height * 4))
  }

  static func encode(_ image: PixelImage, text: [(key: String, value: String)]) -> [UInt8] {
    var png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
    func chunk(_ type: String, _ data: [UInt8]) {
      png += bigEndian(UInt32(data.count))
      let body = Array(type.utf8) + data
      png += body + bigEndian(CRC32.checksum(body))
    }
    chunk(
      "IHDR", bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height)) + [8, 6, 0, 0, 0])
    for (key, value) in text {
      chunk("tEXt", Array(key.utf8) + [0] + value.unicodeScalars.map { UInt8($0.value) })
    }
    var raw: [UInt8] = []
    for row in 0..<image.height {
      raw.append(0)
      raw += image.pixels[(row * image.stride)..<((row + 1) * image.stride)]
    }
    let length = UInt16(raw.count)
    var zlib: [UInt8] = [0x78, 0x01, 1, UInt8(length & 0xff), UInt8(length >> 8)]
    zlib += [UInt8(~length & 0xff), UInt8(~length >> 8)] + raw + [0, 0, 0, 0]
    chunk("IDAT", zlib)
    chunk("IEND", [])
    return png
  }

  static func decode(_ path: String) -> PixelImage? {
    guard let metadata = ThumbnailMetadata.read(fromFileAt: path),
      let bytes = FileManager.default.contents(atPath: path).map(Array.init),
      let idat = (0..<(bytes.count - 4)).first(where: {
        bytes[$0..<($0 + 4)].elementsEqual("IDAT".utf8)
      })
    else { return nil }
    let width = metadata.width
    let height = metadata.height
    var pixels: [UInt8] = []
    var offset = idat + 4 + 7
    for _ in 0..<height {
      offset += 1
      pixels += bytes[offset..<(offset + width * 4)]
      offset += width * 4
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff),
      UInt8(value & 0xff),
    ]
  }
}

@Suite struct ThumbnailCacheFakeCodecTests {
  @Test func fakeEncoderWritesAPNGWhoseTextTheCacheReads() throws {
    let folder = try TestPaths.makeTemporaryDirectory("thumbs")
    let path = folder.appendingPathComponent("t.png").path
    let bytes = FakeThumbnailCodec.encode(
      FakeThumbnailCodec.image(width: 3, height: 2, value: 7),
      text: [(key: "Thumb::URI", value: "file:///x")])
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let metadata = try #require(ThumbnailMetadata.read(fromFileAt: path))
    #expect(metadata.uri == "file:///x")
    #expect(
      FakeThumbnailCodec.decode(path) == FakeThumbnailCodec.image(width: 3, height: 2, value: 7))
  }
}
