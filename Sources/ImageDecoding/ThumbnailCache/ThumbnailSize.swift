/// One of the four sizes of the freedesktop.org Thumbnail Managing Standard, each with its folder.
///
/// The standard names `normal` (128 px), `large` (256), `x-large` (512) and `xx-large` (1024);
/// a thumbnail's long side is its folder's size, or the image's own when that is smaller.
public enum ThumbnailSize: Int, Sendable, Equatable, CaseIterable, CustomStringConvertible {
  case normal = 128
  case large = 256
  case xLarge = 512
  case xxLarge = 1024

  /// The smallest standard size that is at least `pixels`, for any request in 1…1024; nil
  /// otherwise.
  public init?(fitting pixels: Int) {
    guard pixels >= 1, let size = Self.allCases.first(where: { $0.rawValue >= pixels }) else {
      return nil
    }
    self = size
  }

  /// The long side in pixels.
  public var pixels: Int { rawValue }

  /// The folder under `thumbnails/` that holds this size.
  public var folderName: String {
    switch self {
    case .normal: "normal"
    case .large: "large"
    case .xLarge: "x-large"
    case .xxLarge: "xx-large"
    }
  }

  public var description: String { "\(folderName) (\(pixels) px)" }
}
