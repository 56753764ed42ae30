import ImageDecoding

extension FileFacts {
  /// How a row of the index holds its facts.
  enum Storage: Int64 {
    /// In the JSON blob.
    case blob = 0
    /// In the format, width, height, orientation and date columns (``plainImage``).
    case plainImage = 1
    /// Not an image: nothing more to hold.
    case notImage = 2
  }

  /// The facts of an image that says no more than its format, size, orientation and EXIF date
  /// (most photos): these fit in columns, which a scan reads without decoding any JSON. Nil
  /// for anything more (a movie, an animation, any field added to `ImageInfo` later).
  var plainImage: ImageInfo? {
    guard case .image(let info) = self else { return nil }
    let plain = Self.plainImage(
      format: info.format.identifier, width: info.width, height: info.height,
      orientation: info.orientation, date: info.dateTimeOriginal)
    return plain == info ? plain : nil
  }

  /// How the index stores these facts.
  var storage: Storage {
    if case .notImage = self { return .notImage }
    return plainImage == nil ? .blob : .plainImage
  }

  /// The image info the columns of a plain image row stand for.
  static func plainImage(
    format: String, width: Int, height: Int, orientation: Int, date: String?
  ) -> ImageInfo {
    ImageInfo(
      format: ImageFormat(format), width: width, height: height, orientation: orientation,
      dateTimeOriginal: date)
  }
}
