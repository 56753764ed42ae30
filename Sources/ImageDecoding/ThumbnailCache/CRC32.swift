/// The CRC-32 of ISO 3309 that guards every PNG chunk (PNG specification, Annex D).
///
/// Mirrors zlib's `crc32()`; the thumbnail cache uses it to check the chunks it reads before a
/// cached file's image data, so that a damaged thumbnail is regenerated rather than trusted.
enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      value = value & 1 == 1 ? 0xedb8_8320 ^ (value >> 1) : value >> 1
    }
    return value
  }

  /// The checksum of `bytes`.
  static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
      crc = table[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8)
    }
    return crc ^ 0xffff_ffff
  }
}
