/// Reads JPEG and PNG files: header, full decode, and shrink-on-load thumbnails.
///
/// The format is sniffed from magic bytes. Orientation from EXIF is applied to every result.
/// All entry points check ``DecodeLimits`` against the header before allocating pixels.
public enum ImageDecoder {
  /// Reads only the header (and EXIF) of the file at `path`.
  public static func info(ofFileAt path: String) throws(DecodeError) -> ImageInfo {
    throw DecodeError(.unsupportedFeature, path: path, reason: "decoding is not built yet")
  }

  /// Decodes the whole file at full size, orientation applied.
  public static func decode(
    fileAt path: String, limits: DecodeLimits = .default
  ) throws(DecodeError) -> PixelImage {
    throw DecodeError(.unsupportedFeature, path: path, reason: "decoding is not built yet")
  }

  /// Decodes the file shrunk so that its long side is `longSide` (aspect kept, orientation
  /// applied); never enlarges.
  public static func thumbnail(
    fileAt path: String, longSide: Int, limits: DecodeLimits = .default
  ) throws(DecodeError) -> PixelImage {
    throw DecodeError(.unsupportedFeature, path: path, reason: "decoding is not built yet")
  }
}
