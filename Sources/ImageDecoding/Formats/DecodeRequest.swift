/// What ``ImageCodec/decode(_:request:)`` is asked for: limits, and the size the caller will
/// shrink the result to (so that the codec can decode less).
public struct DecodeRequest: Sendable, Equatable {
  /// The budget the header has already been checked against; codecs that allocate working
  /// memory of their own (libjpeg's coefficient buffers) keep within it.
  public var limits: DecodeLimits
  /// The long side the caller will resize to, or nil for a full-size decode.
  public var targetLongSide: Int?
  /// Speed/quality trade-offs for thumbnails.
  public var options: ThumbnailOptions

  public init(
    limits: DecodeLimits = .default, targetLongSide: Int? = nil,
    options: ThumbnailOptions = .default
  ) {
    self.limits = limits
    self.targetLongSide = targetLongSide
    self.options = options
  }
}

/// A decode in stored orientation, possibly shrunk on load, with the full-size dimensions.
public struct DecodedImage: Sendable, Equatable {
  /// The pixels, in stored orientation; at most the full size.
  public var image: PixelImage
  /// The header the codec read (full-size dimensions, orientation, metadata).
  public var header: ImageHeader

  public init(image: PixelImage, header: ImageHeader) {
    self.image = image
    self.header = header
  }
}
