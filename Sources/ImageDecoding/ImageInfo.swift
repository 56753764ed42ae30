/// What the header says about an image, read without decoding any pixel data.
public struct ImageInfo: Sendable, Equatable {
  public var format: ImageFormat
  /// Width after EXIF orientation is applied.
  public var width: Int
  /// Height after EXIF orientation is applied.
  public var height: Int
  /// EXIF orientation 1–8 (1 when absent or invalid).
  public var orientation: Int
  /// EXIF `DateTimeOriginal` as written in the file ("YYYY:MM:DD HH:MM:SS"), if present.
  public var dateTimeOriginal: String?

  public init(
    format: ImageFormat, width: Int, height: Int, orientation: Int = 1,
    dateTimeOriginal: String? = nil
  ) {
    self.format = format
    self.width = width
    self.height = height
    self.orientation = orientation
    self.dateTimeOriginal = dateTimeOriginal
  }
}
