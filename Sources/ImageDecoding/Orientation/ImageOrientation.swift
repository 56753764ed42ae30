/// The EXIF orientation of a stored image: which transform displays it upright.
///
/// Mirrors `CGImagePropertyOrientation` (raw values 1–8, the EXIF/TIFF numbering). The case
/// names say where the stored image's first row and first column end up.
public enum ImageOrientation: Int, Sendable, Equatable, CaseIterable {
  /// 1: as stored.
  case up = 1
  /// 2: mirrored left-right.
  case upMirrored = 2
  /// 3: rotated 180°.
  case down = 3
  /// 4: mirrored top-bottom.
  case downMirrored = 4
  /// 5: transposed (mirrored across the main diagonal).
  case leftMirrored = 5
  /// 6: displayed rotated 90° clockwise.
  case right = 6
  /// 7: transversed (mirrored across the anti-diagonal).
  case rightMirrored = 7
  /// 8: displayed rotated 90° counter-clockwise.
  case left = 8

  /// Whether displaying swaps width and height (orientations 5–8).
  public var swapsWidthAndHeight: Bool { rawValue >= 5 }
}
