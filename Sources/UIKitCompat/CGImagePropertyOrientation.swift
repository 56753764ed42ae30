import ImageDecoding

#if !canImport(ImageIO)
  /// The EXIF orientation of image data. A stand-in for ImageIO's
  /// `CGImagePropertyOrientation` (raw values 1–8), which
  /// `requestImageDataAndOrientation(for:options:resultHandler:)` reports.
  @frozen
  public enum CGImagePropertyOrientation: UInt32, Sendable, Equatable, Hashable,
    CaseIterable
  {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// The orientation of the same EXIF value.
    public init(_ orientation: ImageOrientation) {
      self = Self(rawValue: UInt32(orientation.rawValue)) ?? .up
    }
  }
#endif

#if !canImport(UIKit)
  extension UIImage.Orientation {
    /// The UIKit orientation of an EXIF orientation.
    public init(_ orientation: CGImagePropertyOrientation) {
      self.init(ImageOrientation(rawValue: Int(orientation.rawValue)) ?? .up)
    }
  }
#endif
