import ImageDecoding
import Testing

/// The libpng writer: lossless, with tEXt chunks ahead of the image data.
@Suite struct PNGEncoderTests {
  static let image: PixelImage = {
    var pixels: [UInt8] = []
    for index in 0..<15 {
      let value = UInt8(index)
      pixels += [value &* 17, 255 - value, 9, value &* 16]
    }
    return PixelImage(width: 5, height: 3, pixels: pixels)
  }()

  @Test(arguments: [0, 1, 6, 9])
  func encodeThenDecodeIsLossless(level: Int) throws {
    let bytes = try PNGEncoder.encode(Self.image, compressionLevel: level)
    #expect(try ImageDecoder.decode(data: bytes) == Self.image)
  }

  @Test func textChunksComeBeforeImageData() throws {
    let bytes = try PNGEncoder.encode(
      Self.image, text: [("Thumb::URI", "file:///a.jpg"), ("Thumb::MTime", "1700000000")])
    let chunks = Self.chunkNames(bytes)
    #expect(chunks.first == "IHDR")
    #expect(chunks.last == "IEND")
    let idat = try #require(chunks.firstIndex(of: "IDAT"))
    #expect(chunks.firstIndex(of: "tEXt").map { $0 < idat } == true)
    #expect(chunks.filter { $0 == "tEXt" }.count == 2)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("Thumb::URI\u{0}file:///a.jpg"))
  }

  @Test func emptyImageAndBadKeysAreRefused() {
    #expect(throws: DecodeError.self) { _ = try PNGEncoder.encode(PixelImage(width: 0, height: 0)) }
    #expect(throws: DecodeError.self) { _ = try PNGEncoder.encode(Self.image, text: [("", "x")]) }
    #expect(throws: DecodeError.self) {
      _ = try PNGEncoder.encode(Self.image, compressionLevel: 10)
    }
  }

  static func chunkNames(_ bytes: [UInt8]) -> [String] {
    var names: [String] = []
    var offset = 8
    while offset + 8 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      names.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
      offset += 12 + length
    }
    return names
  }
}
