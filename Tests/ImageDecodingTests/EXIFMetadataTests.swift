import ImageDecoding
import Testing

/// The TIFF reader behind EXIF: both byte orders, and no trust in any offset or count.
@Suite struct EXIFMetadataTests {
  /// IFD0 with Orientation, then an Exif IFD holding DateTimeOriginal.
  static func tiff(orientation: UInt16, bigEndian: Bool) -> [UInt8] {
    func u16(_ v: UInt16) -> [UInt8] {
      bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
    }
    func u32(_ v: UInt32) -> [UInt8] {
      let bytes = [
        UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF),
      ]
      return bigEndian ? bytes : bytes.reversed()
    }
    var out: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
    out += u32(8)
    out += u16(2) + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)
    out += u16(0x8769) + u16(4) + u32(1) + u32(38) + u32(0)
    let date = Array("2023:01:02 03:04:05".utf8) + [0]
    out += u16(1) + u16(0x9003) + u16(2) + u32(UInt32(date.count)) + u32(56) + u32(0)
    return out + date
  }

  @Test(arguments: [false, true])
  func readsOrientationAndDateInEitherByteOrder(bigEndian: Bool) {
    let exif = EXIFMetadata(tiff: Self.tiff(orientation: 8, bigEndian: bigEndian))
    #expect(exif.orientation == .left)
    #expect(exif.dateTimeOriginal == "2023:01:02 03:04:05")
  }

  @Test func skipsAnExifPrefix() {
    let exif = EXIFMetadata(
      tiff: Array("Exif".utf8) + [0, 0] + Self.tiff(orientation: 3, bigEndian: true))
    #expect(exif.orientation == .down)
  }

  @Test(arguments: [0, 9, 0xFFFF])
  func outOfRangeOrientationIsIgnored(value: Int) {
    #expect(
      EXIFMetadata(tiff: Self.tiff(orientation: UInt16(value), bigEndian: false)).orientation == nil
    )
  }

  @Test func everyTruncationIsHarmless() {
    let full = Self.tiff(orientation: 6, bigEndian: true)
    for length in 0..<full.count {
      let exif = EXIFMetadata(tiff: full.prefix(length))
      if let date = exif.dateTimeOriginal { #expect(date == "2023:01:02 03:04:05") }
    }
    #expect(EXIFMetadata(tiff: full.prefix(20)).orientation == nil)
  }

  @Test func wildOffsetsAndCountsAreIgnored() {
    var bytes = Self.tiff(orientation: 6, bigEndian: false)
    bytes[4] = 0xFF  // IFD0 offset far past the end
    #expect(EXIFMetadata(tiff: bytes) == EXIFMetadata())
    var date = Self.tiff(orientation: 6, bigEndian: false)
    date[48] = 0xF0  // DateTimeOriginal data offset out of bounds
    #expect(EXIFMetadata(tiff: date).dateTimeOriginal == nil)
    #expect(EXIFMetadata(tiff: date).orientation == .right)
  }
}
