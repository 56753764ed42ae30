extension ThumbnailCache {
  /// The image work the cache delegates: shrinking a source, encoding a PNG with text chunks,
  /// and decoding a cached PNG. ``live`` uses ``ImageDecoder`` and ``PNGEncoder``; tests swap in
  /// closures that return images they made themselves.
  public struct Codec: Sendable {
    /// Decodes the file at `path` with its long side shrunk to at most `longSide`.
    public var thumbnail:
      @Sendable (_ path: String, _ longSide: Int, _ limits: DecodeLimits) throws(DecodeError) ->
        PixelImage
    /// Encodes `image` as PNG with `text` chunks before the image data, at zlib `level`.
    public var encodePNG:
      @Sendable (_ image: PixelImage, _ text: [(key: String, value: String)], _ level: Int)
        throws(DecodeError) -> [UInt8]
    /// Decodes the cached PNG at `path`.
    public var decode: @Sendable (_ path: String) throws(DecodeError) -> PixelImage

    public init(
      thumbnail: @escaping @Sendable (String, Int, DecodeLimits) throws(DecodeError) -> PixelImage,
      encodePNG:
        @escaping @Sendable (PixelImage, [(key: String, value: String)], Int)
        throws(DecodeError) -> [UInt8],
      decode: @escaping @Sendable (String) throws(DecodeError) -> PixelImage
    ) {
      self.thumbnail = thumbnail
      self.encodePNG = encodePNG
      self.decode = decode
    }

    /// libjpeg/libpng through ``ImageDecoder`` and ``PNGEncoder``.
    public static let live = Codec(
      thumbnail: { path, longSide, limits throws(DecodeError) in
        try ImageDecoder.thumbnail(fileAt: path, longSide: longSide, limits: limits)
      },
      encodePNG: { image, text, level throws(DecodeError) in
        try PNGEncoder.encode(image, text: text, compressionLevel: level)
      },
      decode: { path throws(DecodeError) in try ImageDecoder.decode(fileAt: path) }
    )
  }
}
