import Foundation

/// One image in the folder library. Mirrors the parts of `PHAsset` that a picker needs.
public struct Asset: Sendable, Equatable, Hashable, Identifiable {
  /// The path relative to the library root, with `/` separators ("Trips/beach.jpg"); the
  /// equivalent of `PHAsset.localIdentifier`.
  public var id: String
  /// The file's absolute location.
  public var url: URL
  /// EXIF `DateTimeOriginal` when present, else the file's modification time.
  public var creationDate: Date
  /// Pixel size after EXIF orientation (0 when the header could not be read).
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// The album (first-level subfolder) holding the asset, or nil for the library root.
  public var album: String?

  public init(
    id: String, url: URL, creationDate: Date, pixelWidth: Int, pixelHeight: Int,
    album: String?
  ) {
    self.id = id
    self.url = url
    self.creationDate = creationDate
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.album = album
  }
}
