import Foundation
import ImageDecoding

/// No data request. Mirrors `PHInvalidAssetResourceDataRequestID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHInvalidAssetResourceDataRequestID: PHAssetResourceDataRequestID = 0

extension PHAssetResource {
  /// The resource's width in pixels from its file's header (after EXIF orientation); 0 when
  /// the header says none. Mirrors `pixelWidth`.
  public var pixelWidth: Int { pixelSize.width }
  /// The height; see `pixelWidth`. Mirrors `pixelHeight`.
  public var pixelHeight: Int { pixelSize.height }

  private var pixelSize: (width: Int, height: Int) {
    guard let info = try? ImageDecoder.info(ofFileAt: fileURL.path) else { return (0, 0) }
    return (5...8).contains(info.orientation)
      ? (info.height, info.width) : (info.width, info.height)
  }
}

extension PHAsset {
  /// Where the photo was taken: nil, because the library does not read GPS tags from files.
  /// Mirrors `location`.
  public var location: CLLocation? { nil }
}
