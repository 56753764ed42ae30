import ImageDecoding

/// The libFuzzer entry point for the whole decode path: sniffing, header and EXIF parsing,
/// full decode, shrink-on-load thumbnail, and a PNG re-encode of what decoded.
///
/// Limits are small so that a header claiming a huge image is refused (as it must be) rather
/// than exhausting the fuzzer's memory; everything must come back as a value or a
/// `DecodeError`, never a crash, a sanitizer report or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func decodeFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
    if let data, size > 0 { buffer.baseAddress!.initialize(from: data, count: size) }
    count = size
  }
  _ = EXIFMetadata(tiff: bytes)  // the TIFF reader on its own: cheap, and reached directly
  let limits = DecodeLimits(maxPixels: 4_000_000, maxBytes: 64 << 20)
  _ = try? ImageDecoder.info(data: bytes)
  if let image = try? ImageDecoder.thumbnail(data: bytes, longSide: 24, limits: limits) {
    _ = try? PNGEncoder.encode(image, text: [("Thumb::URI", "fuzz")], compressionLevel: 1)
  }
  if size < 64 * 1024 {
    _ = try? ImageDecoder.decode(data: bytes, limits: limits)
  }
  return 0
}
