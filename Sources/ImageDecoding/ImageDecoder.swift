/// Reads JPEG and PNG files: header, full decode, and shrink-on-load thumbnails.
///
/// The format is sniffed from magic bytes. Orientation from EXIF is applied to every result.
/// All entry points check ``DecodeLimits`` against the header before allocating pixels.
/// The `fileAt:` functions mirror `CGImageSourceCreateWithURL` + `CGImageSourceCopyProperties…`
/// / `…CreateImageAtIndex` / `…CreateThumbnailAtIndex`; the `data:` ones work on bytes in memory.
public enum ImageDecoder {
  /// How many bytes `info` reads first; it reads more only when the header goes on.
  static let headerProbeSize = 64 * 1024

  /// Reads only the header (and EXIF) of the file at `path`: never pixel data, and usually
  /// only its first 64 KB.
  public static func info(ofFileAt path: String) throws(DecodeError) -> ImageInfo {
    var limit = headerProbeSize
    while true {
      let (bytes, fileSize) = try FileBytes.read(path, limit: limit)
      let complete = bytes.count >= fileSize
      do {
        if let info = try readInfo(bytes, complete: complete) { return info }
      } catch {
        throw error.with(path: path)
      }
      limit = complete ? fileSize : limit * 8
    }
  }

  /// Reads only the header (and EXIF) of an image held in memory.
  public static func info(data: [UInt8], path: String? = nil) throws(DecodeError) -> ImageInfo {
    do {
      return try readInfo(data, complete: true)!
    } catch {
      throw path.map { error.with(path: $0) } ?? error
    }
  }

  /// Decodes the whole file at full size, orientation applied.
  public static func decode(
    fileAt path: String, limits: DecodeLimits = .default
  ) throws(DecodeError) -> PixelImage {
    let (bytes, _) = try FileBytes.read(path)
    return try decode(data: bytes, path: path, limits: limits)
  }

  /// Decodes an image held in memory at full size, orientation applied; `path` only names it
  /// in errors.
  public static func decode(
    data: [UInt8], path: String? = nil, limits: DecodeLimits = .default
  ) throws(DecodeError) -> PixelImage {
    do {
      let (stored, exif) = try decodeStored(data, limits: limits, targetLongSide: nil)
      return stored.image.applying(exif.orientation ?? .up)
    } catch {
      throw path.map { error.with(path: $0) } ?? error
    }
  }

  /// Decodes the file shrunk so that its long side is `longSide` (aspect kept, orientation
  /// applied); never enlarges. `longSide` 0 means full size.
  public static func thumbnail(
    fileAt path: String, longSide: Int, limits: DecodeLimits = .default
  ) throws(DecodeError) -> PixelImage {
    let (bytes, _) = try FileBytes.read(path)
    return try thumbnail(data: bytes, path: path, longSide: longSide, limits: limits)
  }

  /// ``thumbnail(fileAt:longSide:limits:)`` with explicit ``ThumbnailOptions``.
  public static func thumbnail(
    fileAt path: String, longSide: Int, limits: DecodeLimits = .default,
    options: ThumbnailOptions
  ) throws(DecodeError) -> PixelImage {
    let (bytes, _) = try FileBytes.read(path)
    return try thumbnail(
      data: bytes, path: path, longSide: longSide, limits: limits, options: options)
  }

  /// ``thumbnail(fileAt:longSide:limits:)`` for an image held in memory.
  public static func thumbnail(
    data: [UInt8], path: String? = nil, longSide: Int, limits: DecodeLimits = .default,
    options: ThumbnailOptions = .default
  ) throws(DecodeError) -> PixelImage {
    guard longSide > 0 else { return try decode(data: data, path: path, limits: limits) }
    do {
      let (stored, exif) = try decodeStored(
        data, limits: limits, targetLongSide: longSide, options: options)
      let size = ThumbnailOptions.size(
        ofWidth: stored.fullWidth, height: stored.fullHeight, longSide: longSide)
      var image = stored.image
      if size.width < image.width || size.height < image.height {
        image = Resampler.resize(image, width: size.width, height: size.height)
      }
      return image.applying(exif.orientation ?? .up)
    } catch {
      throw path.map { error.with(path: $0) } ?? error
    }
  }

  // MARK: Internals

  private static func sniff(_ bytes: [UInt8]) throws(DecodeError) -> ImageFormat {
    if bytes.isEmpty { throw DecodeError(.corruptData, reason: "empty file") }
    guard let format = ImageFormat(sniffing: bytes) else {
      throw DecodeError(.corruptData, reason: "not a JPEG or PNG file")
    }
    return format
  }

  /// The info, or nil when `bytes` is a prefix that ends inside the header.
  static func readInfo(_ bytes: [UInt8], complete: Bool) throws(DecodeError) -> ImageInfo? {
    let format = try sniff(bytes)
    let header: StoredHeader?
    switch format {
    case .jpeg: header = try JPEGCodec.header(bytes)
    case .png: header = try PNGCodec.header(bytes)
    }
    guard let header else {
      if !complete { return nil }
      let name = format == .jpeg ? "JPEG" : "PNG"
      throw DecodeError(.corruptData, reason: "truncated \(name) file (ends inside the header)")
    }
    let orientation = header.exif.orientation ?? .up
    return ImageInfo(
      format: format,
      width: orientation.swapsWidthAndHeight ? header.height : header.width,
      height: orientation.swapsWidthAndHeight ? header.width : header.height,
      orientation: orientation.rawValue, dateTimeOriginal: header.exif.dateTimeOriginal)
  }

  /// A decode in stored orientation, possibly DCT-scaled, with the full-scale size.
  struct StoredImage {
    var image: PixelImage
    var fullWidth: Int
    var fullHeight: Int
  }

  private static func decodeStored(
    _ bytes: [UInt8], limits: DecodeLimits, targetLongSide: Int?,
    options: ThumbnailOptions = .default
  ) throws(DecodeError) -> (StoredImage, EXIFMetadata) {
    switch try sniff(bytes) {
    case .jpeg:
      let (header, image) = try JPEGCodec.decode(
        bytes, limits: limits, allowTruncated: options.allowsTruncatedJPEG
      ) { header in
        guard let targetLongSide, options.shrinkOnLoad else { return 1 }
        return JPEGCodec.scaleDenominator(
          width: header.width, height: header.height, targetLongSide: targetLongSide,
          minimumShrink: options.minimumFinalShrink)
      }
      return (
        StoredImage(image: image, fullWidth: header.width, fullHeight: header.height), header.exif
      )
    case .png:
      let (header, image) = try PNGCodec.decode(bytes, limits: limits)
      return (
        StoredImage(image: image, fullWidth: header.width, fullHeight: header.height), header.exif
      )
    }
  }
}
