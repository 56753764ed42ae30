import FileSystem

/// A file opened for decoding, as its first bytes say: a movie stays in the file and is read
/// as FFmpeg asks (`pread`), never whole; any other image is read whole into memory, up to
/// ``DecodeLimits/maxFileBytes``, so that peak memory never follows the file's size.
///
/// Only regular files are opened (``RegularFile``): a FIFO, device, socket or folder is an
/// ``DecodeError/Code/io`` error naming what the path is.
enum ImageFile {
  case image([UInt8])
  case movie(VideoCodec, RegularFile)

  /// Opens the file at `path` and reads it as its format asks.
  static func open(_ path: String, limits: DecodeLimits) throws(DecodeError) -> ImageFile {
    let file = try FileBytes.open(path)
    let codec = try sniff(file)
    if let movie = codec as? VideoCodec { return .movie(movie, file) }
    try checkSize(file, limit: limits.maxFileBytes, codec: codec)
    return .image(try FileBytes.read(file, at: 0, count: file.size))
  }

  /// The codec that the first bytes of `file` name.
  static func sniff(_ file: RegularFile) throws(DecodeError) -> any ImageCodec {
    let head = try FileBytes.read(file, at: 0, count: ImageFormatRegistry.shared.sniffLength)
    do {
      return try ImageDecoder.codec(for: head)
    } catch {
      throw error.with(path: file.path)
    }
  }

  /// Refuses an image file larger than `limit` bytes.
  static func checkSize(_ file: RegularFile, limit: Int, codec: any ImageCodec) throws(DecodeError)
  {
    guard file.size > limit else { return }
    throw DecodeError(
      .exceedsLimits, path: file.path,
      reason: "\(codec.name) file is \(file.size) bytes, over the limit of \(limit) bytes "
        + "for an image file")
  }
}
