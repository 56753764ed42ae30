/// Writes a ``PixelImage`` as an 8-bit RGBA PNG through libpng (`png_write_*`), with optional
/// `tEXt` chunks (placed before the image data, so that readers can stop early).
public enum PNGEncoder {
  /// Encodes `image`; `compressionLevel` is zlib's 0–9.
  public static func encode(
    _ image: PixelImage, text: [(key: String, value: String)] = [], compressionLevel: Int = 6
  ) throws(DecodeError) -> [UInt8] {
    throw DecodeError(.unsupportedFeature, reason: "PNG encoding is not built yet")
  }
}
