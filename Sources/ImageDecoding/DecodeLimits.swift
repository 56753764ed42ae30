/// The decompression-bomb guard: an image whose header declares more than this budget is
/// refused before any pixel memory is allocated. No decoder (libjpeg, libpng, libheif,
/// libwebp, giflib) has such a check of its own.
///
/// The budget is in pixels and bytes, never in the length of one side: iPhone panoramas are
/// more than 16,384 pixels wide and must open.
public struct DecodeLimits: Sendable, Equatable {
  /// The most pixels accepted (width × height of the stored image).
  public var maxPixels: Int
  /// The most bytes the decoded image may take (width × height × bytes per pixel of the
  /// decoder's output, 4 for 8-bit RGBA, 8 for the 16-bit buffers of deep HEIF images).
  public var maxBytes: Int
  /// The largest image file read, in bytes: a still image is read whole into memory before it
  /// is decoded, so a larger file is refused before any byte is read. Movies are not held to
  /// it: they are read from the file as FFmpeg asks, never whole.
  public var maxFileBytes: Int

  /// Defaults: 200 megapixels (a 24,000 × 8,000 panorama), 1 GiB decoded and 512 MiB of file
  /// (2.5 bytes a pixel at 200 megapixels, more than any camera writes), as generous as
  /// vipsthumbnail's defaults while keeping a hostile header or file from taking all memory.
  public init(maxPixels: Int = 200_000_000, maxBytes: Int = 1 << 30, maxFileBytes: Int = 1 << 29) {
    self.maxPixels = maxPixels
    self.maxBytes = maxBytes
    self.maxFileBytes = maxFileBytes
  }

  /// 200 megapixels, 1 GiB decoded, 512 MiB of file.
  public static let `default` = DecodeLimits()
}
