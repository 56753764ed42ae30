import ImageDecoding

#if !canImport(UIKit)
  extension UIImage {
    /// How an image's stored pixels are displayed. Mirrors `UIImage.Orientation`, raw values
    /// included (UIKit's numbering, not EXIF's).
    public enum Orientation: Int, Sendable, Equatable, Hashable, CaseIterable {
      case up = 0
      case down = 1
      case left = 2
      case right = 3
      case upMirrored = 4
      case downMirrored = 5
      case leftMirrored = 6
      case rightMirrored = 7

      /// The EXIF orientation that displays the same way.
      public var imageOrientation: ImageOrientation {
        switch self {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .upMirrored: .upMirrored
        case .downMirrored: .downMirrored
        case .leftMirrored: .leftMirrored
        case .rightMirrored: .rightMirrored
        }
      }

      /// The UIKit orientation of an EXIF orientation.
      public init(_ orientation: ImageOrientation) {
        self = Self.allCases.first { $0.imageOrientation == orientation } ?? .up
      }
    }
  }
#endif
