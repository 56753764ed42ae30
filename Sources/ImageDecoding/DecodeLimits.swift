/// The decompression-bomb guard: images whose header declares more than this are refused
/// before any pixel memory is allocated. Neither libjpeg nor libpng has such a check.
public struct DecodeLimits: Sendable, Equatable {
  /// The longest side accepted, in pixels (stored orientation).
  public var maxSide: Int
  /// The most pixels accepted (width × height).
  public var maxPixels: Int

  public init(maxSide: Int = 16_384, maxPixels: Int = 100_000_000) {
    self.maxSide = maxSide
    self.maxPixels = maxPixels
  }

  /// 16384 px per side and 100 megapixels.
  public static let `default` = DecodeLimits()
}
