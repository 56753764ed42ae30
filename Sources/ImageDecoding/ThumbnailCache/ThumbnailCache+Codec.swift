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

    /// libjpeg/libpng through ``ImageDecoder`` and ``PNGEncoder``, with the cache's
    /// ``ThumbnailOptions/cache`` shrink-on-load.
    public static let live = live(options: .cache)

    /// libjpeg/libpng through ``ImageDecoder`` and ``PNGEncoder``, shrinking with `options`.
    public static func live(options: ThumbnailOptions) -> Codec {
      Codec(
        thumbnail: { path, longSide, limits throws(DecodeError) in
          try ImageDecoder.thumbnail(
            fileAt: path, longSide: longSide, limits: limits, options: options)
        },
        encodePNG: { image, text, level throws(DecodeError) in
          try PNGEncoder.encode(image, text: text, compressionLevel: level)
        },
        decode: { path throws(DecodeError) in try ImageDecoder.decode(fileAt: path) }
      )
    }
  }
}

extension ThumbnailOptions {
  /// The cache's shrink-on-load: the DCT scale may leave as little as a 1.5× final resize
  /// (libvips leaves 1×), so that a 12-megapixel JPEG (4032 px) decodes at 1/8 (504 px) for a
  /// 256 px thumbnail instead of at 1/4 (1008 px): the area-average resize still sees about
  /// two source pixels per output pixel. See docs/02-thumbnail-cache.md.
  public static let cache = ThumbnailOptions(minimumFinalShrink: 1.5)
}
