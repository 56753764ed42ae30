import Foundation

extension PHAsset {
  /// The keys apps read from assets through key-value coding, which Foundation lacks on
  /// Linux: the undocumented "filename" (the file's name, "IMG_0001.JPG") and the public
  /// properties by name ("localIdentifier", "pixelWidth", "creationDate"…); nil for any other
  /// key. Mirrors `value(forKey:)` on a `PHAsset`.
  public func value(forKey key: String) -> Any? {
    switch key {
    case "filename", "originalFilename": asset.url.lastPathComponent
    case "localIdentifier": localIdentifier
    case "pixelWidth": NSNumber(value: pixelWidth)
    case "pixelHeight": NSNumber(value: pixelHeight)
    case "creationDate": creationDate
    case "modificationDate": modificationDate
    case "mediaType": NSNumber(value: mediaType.rawValue)
    case "mediaSubtypes": NSNumber(value: mediaSubtypes.rawValue)
    case "duration": NSNumber(value: duration)
    case "isFavorite", "favorite": NSNumber(value: isFavorite)
    case "isHidden", "hidden": NSNumber(value: isHidden)
    default: nil
    }
  }
}
