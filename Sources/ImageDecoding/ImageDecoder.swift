import FileSystem

/// Reads every format in ``ImageFormatRegistry``: header, full decode, and shrink-on-load
/// thumbnails.
///
/// The format is sniffed from magic bytes. Orientation from EXIF is applied to every result.
/// All entry points check ``DecodeLimits`` against the header before allocating pixels.
/// The `fileAt:` functions mirror `CGImageSourceCreateWithURL` + `CGImageSourceCopyProperties…`
/// / `…CreateImageAtIndex` / `…CreateThumbnailAtIndex`; the `data:` ones work on bytes in memory.
public enum ImageDecoder {
  /// How many bytes `info` reads first; it reads more only when the header goes on.
  static let headerProbeSize = 64 * 1024

  /// Reads only the header (and EXIF) of the file at `path`: never pixel data, and usually
  /// only its first 64 KB (a movie: its boxes, wherever the `moov` is). Only a regular file is
  /// read, and an image's header is looked for in at most ``DecodeLimits/maxFileBytes``.
  public static func info(ofFileAt path: String) throws(DecodeError) -> ImageInfo {
    let file = try FileBytes.open(path)
    let prefix = try FileBytes.read(file, at: 0, count: headerProbeSize)
    let codec: any ImageCodec
    do {
      codec = try self.codec(for: prefix)
    } catch {
      throw error.with(path: path)
    }
    return try info(of: file, codec: codec, prefix: prefix)
  }

  /// The header of `file`, whose first bytes `prefix` (read from offset 0) name `codec`: read
  /// from the first 64 KB (taken from `prefix` when it holds them), then from longer and
  /// longer prefixes (a movie: from its boxes, wherever the `moov` is), up to
  /// ``DecodeLimits/maxFileBytes``.
  static func info(
    of file: RegularFile, codec: any ImageCodec, prefix: [UInt8]
  ) throws(DecodeError) -> ImageInfo {
    let path = file.path
    if let movie = codec as? VideoCodec {
      do throws(DecodeError) {
        guard let header = try movie.header(.file(file)) else {
          throw DecodeError(
            .corruptData, reason: "truncated \(movie.name) file (ends inside the header)")
        }
        return ImageInfo(format: movie.format, header: header)
      } catch {
        throw error.with(path: path)
      }
    }
    // The same reads as from the file: its first 64 KB, then 8 times more each time the header
    // goes on past them (some readers fail, rather than ask for more, on a shorter prefix).
    let cap = DecodeLimits.default.maxFileBytes
    var limit = headerProbeSize
    let first = min(limit, cap)
    var bytes: [UInt8]
    if prefix.count > first {
      bytes = Array(prefix[..<first])
    } else if prefix.count == first || prefix.count >= file.size {
      bytes = prefix
    } else {
      bytes = try FileBytes.read(file, at: 0, count: first)
    }
    while true {
      let complete = bytes.count >= file.size
      do {
        if let info = try readInfo(bytes, codec: codec, complete: complete) { return info }
      } catch {
        throw error.with(path: path)
      }
      if limit >= cap { try ImageFile.checkSize(file, limit: cap, codec: codec) }
      limit = complete ? file.size : limit * 8
      bytes = try FileBytes.read(file, at: 0, count: min(limit, cap))
    }
  }

  /// Reads only the header (and EXIF) of an image held in memory.
  public static func info(data: [UInt8], path: String? = nil) throws(DecodeError) -> ImageInfo {
    do {
      return try readInfo(data, codec: codec(for: data), complete: true)!
    } catch {
      throw path.map { error.with(path: $0) } ?? error
    }
  }

  /// Decodes the whole file at full size, orientation applied.
  public static func decode(
    fileAt path: String, limits: DecodeLimits = .default
  ) throws(DecodeError) -> PixelImage {
    switch try ImageFile.open(path, limits: limits) {
    case .image(let bytes): return try decode(data: bytes, path: path, limits: limits)
    case .movie(let codec, let file):
      do {
        return try decodeMovie(codec, file, limits: limits, targetLongSide: nil).image
      } catch {
        throw error.with(path: path)
      }
    }
  }

  /// Decodes an image held in memory at full size, orientation applied; `path` only names it
  /// in errors.
  public static func decode(
    data: [UInt8], path: String? = nil, limits: DecodeLimits = .default
  ) throws(DecodeError) -> PixelImage {
    do {
      let decoded = try decodeStored(data, limits: limits, targetLongSide: nil)
      return decoded.image.applying(decoded.header.orientation)
    } catch {
      throw path.map { error.with(path: $0) } ?? error
    }
  }

  /// Decodes the file shrunk so that its long side is `longSide` (aspect kept, orientation
  /// applied); never enlarges. `longSide` 0 means full size.
  public static func thumbnail(
    fileAt path: String, longSide: Int, limits: DecodeLimits = .default
  ) throws(DecodeError) -> PixelImage {
    try thumbnail(fileAt: path, longSide: longSide, limits: limits, options: .default)
  }

  /// ``thumbnail(fileAt:longSide:limits:)`` with explicit ``ThumbnailOptions``.
  public static func thumbnail(
    fileAt path: String, longSide: Int, limits: DecodeLimits = .default,
    options: ThumbnailOptions
  ) throws(DecodeError) -> PixelImage {
    switch try ImageFile.open(path, limits: limits) {
    case .image(let bytes):
      return try thumbnail(
        data: bytes, path: path, longSide: longSide, limits: limits, options: options)
    case .movie(let codec, let file):
      guard longSide > 0 else { return try decode(fileAt: path, limits: limits) }
      do {
        let decoded = try decodeMovie(
          codec, file, limits: limits, targetLongSide: longSide, options: options)
        return shrunk(decoded, longSide: longSide)
      } catch {
        throw error.with(path: path)
      }
    }
  }

  /// ``thumbnail(fileAt:longSide:limits:)`` for an image held in memory.
  public static func thumbnail(
    data: [UInt8], path: String? = nil, longSide: Int, limits: DecodeLimits = .default,
    options: ThumbnailOptions = .default
  ) throws(DecodeError) -> PixelImage {
    guard longSide > 0 else { return try decode(data: data, path: path, limits: limits) }
    do {
      let decoded = try decodeStored(
        data, limits: limits, targetLongSide: longSide, options: options)
      return shrunk(decoded, longSide: longSide)
    } catch {
      throw path.map { error.with(path: $0) } ?? error
    }
  }

  // MARK: Internals

  /// `decoded` resized so that its long side is `longSide` (never enlarged), turned upright.
  private static func shrunk(_ decoded: DecodedImage, longSide: Int) -> PixelImage {
    let size = ThumbnailOptions.size(
      ofWidth: decoded.header.width, height: decoded.header.height, longSide: longSide)
    var image = decoded.image
    if size.width < image.width || size.height < image.height {
      image = Resampler.resize(image, width: size.width, height: size.height)
    }
    return image.applying(decoded.header.orientation)
  }

  /// Reads the header of the movie in `file`, checks `limits` against it, then decodes its
  /// poster frame (upright: a movie's header says ``ImageOrientation/up``).
  static func decodeMovie(
    _ codec: VideoCodec, _ file: RegularFile, limits: DecodeLimits, targetLongSide: Int?,
    options: ThumbnailOptions = .default
  ) throws(DecodeError) -> DecodedImage {
    guard let header = try codec.header(.file(file)) else {
      throw DecodeError(
        .corruptData, reason: "truncated \(codec.name) file (ends inside the header)")
    }
    try limits.check(width: header.width, height: header.height, format: codec.format)
    return try codec.decode(
      .file(file),
      request: DecodeRequest(limits: limits, targetLongSide: targetLongSide, options: options))
  }

  /// The registered codec for `bytes`, or an error saying why there is none.
  static func codec(
    for bytes: [UInt8], registry: ImageFormatRegistry = .shared
  ) throws(DecodeError) -> any ImageCodec {
    if bytes.isEmpty { throw DecodeError(.corruptData, reason: "empty file") }
    guard let codec = registry.codec(sniffing: bytes) else {
      throw DecodeError(
        .corruptData, reason: "not an image PhotoGate reads (\(registry.formatList))")
    }
    return codec
  }

  /// The info, or nil when `bytes` (whose first bytes name `codec`) is a prefix that ends
  /// inside the header.
  static func readInfo(
    _ bytes: [UInt8], codec: any ImageCodec, complete: Bool
  ) throws(DecodeError) -> ImageInfo? {
    guard let header = try codec.header(bytes) else {
      if !complete { return nil }
      throw DecodeError(
        .corruptData, reason: "truncated \(codec.name) file (ends inside the header)")
    }
    return ImageInfo(format: codec.format, header: header)
  }

  /// Sniffs, reads the header, checks `limits` against it, then decodes in stored orientation.
  private static func decodeStored(
    _ bytes: [UInt8], limits: DecodeLimits, targetLongSide: Int?,
    options: ThumbnailOptions = .default
  ) throws(DecodeError) -> DecodedImage {
    let codec = try codec(for: bytes)
    guard let header = try codec.header(bytes) else {
      throw DecodeError(
        .corruptData, reason: "truncated \(codec.name) file (ends inside the header)")
    }
    try limits.check(width: header.width, height: header.height, format: codec.format)
    return try codec.decode(
      bytes,
      request: DecodeRequest(limits: limits, targetLongSide: targetLongSide, options: options))
  }
}
