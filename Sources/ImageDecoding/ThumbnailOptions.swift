/// How ``ImageDecoder/thumbnail(data:path:longSide:limits:options:)`` trades speed for quality.
///
/// The counterpart of the `kCGImageSourceThumbnail…` options of ImageIO.
public struct ThumbnailOptions: Sendable, Equatable {
  /// Decode JPEGs at a reduced DCT scale (1/2, 1/4, 1/8) when the thumbnail is small enough.
  public var shrinkOnLoad: Bool
  /// The DCT scale chosen still leaves at least this much shrinking to the final resize
  /// (2 by default: the resize filter then always has two or more source pixels per output).
  public var minimumFinalShrink: Double

  /// Accept a JPEG whose data ends early, with libjpeg's grey rows where data is missing
  /// (what `djpeg` does after its "Premature end of JPEG file" warning). Off by default: a
  /// truncated file is then a ``DecodeError/Code/corruptData`` error.
  public var allowsTruncatedJPEG: Bool

  public init(
    shrinkOnLoad: Bool = true, minimumFinalShrink: Double = 2, allowsTruncatedJPEG: Bool = false
  ) {
    self.shrinkOnLoad = shrinkOnLoad
    self.minimumFinalShrink = minimumFinalShrink
    self.allowsTruncatedJPEG = allowsTruncatedJPEG
  }

  public static let `default` = ThumbnailOptions()

  /// The thumbnail size of a `width` × `height` image: long side `longSide`, aspect kept
  /// (short side rounded, at least 1), never larger than the image.
  public static func size(ofWidth width: Int, height: Int, longSide: Int) -> (
    width: Int, height: Int
  ) {
    let long = max(width, height)
    guard long > longSide, longSide > 0 else { return (width, height) }
    let short = min(width, height)
    let scaled = max(1, Int((Double(short) * Double(longSide) / Double(long)).rounded()))
    return width >= height ? (longSide, scaled) : (scaled, longSide)
  }
}
