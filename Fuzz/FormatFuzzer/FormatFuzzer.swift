import ImageDecoding

#if canImport(Glibc)
  import Glibc
#endif

/// The libFuzzer entry point for one format's codec, chosen by the environment variable
/// `PHOTOGATE_FUZZ_FORMAT` (`heif`, `webp`, `gif`, `mpeg4` or `quicktime`): every input goes to
/// that codec whatever its first bytes, through its header read, a shrink-on-load decode and a
/// full decode.
///
/// Limits are small so that a header claiming a huge image is refused (as it must be); every
/// input must come back as a value or a `DecodeError`, never a crash, sanitizer report or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func formatFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
    if let data, size > 0 { buffer.baseAddress!.initialize(from: data, count: size) }
    count = size
  }
  let limits = DecodeLimits(maxPixels: 4_000_000, maxBytes: 64 << 20)
  let codec = fuzzedCodec
  _ = try? codec.header(bytes)
  _ = try? codec.decode(bytes, request: DecodeRequest(limits: limits, targetLongSide: 24))
  _ = try? codec.decode(bytes, request: DecodeRequest(limits: limits))
  return 0
}

/// The codec named by `PHOTOGATE_FUZZ_FORMAT` (HEIF when unset).
let fuzzedCodec: any ImageCodec = {
  let name = getenv("PHOTOGATE_FUZZ_FORMAT").map { String(cString: $0) } ?? "heif"
  guard let codec = ImageFormatRegistry.shared.codec(for: ImageFormat(name)) else {
    fatalError("PHOTOGATE_FUZZ_FORMAT=\(name) names no registered format")
  }
  return codec
}()
