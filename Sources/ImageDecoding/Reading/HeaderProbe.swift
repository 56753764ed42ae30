import FileSystem

/// What one open of a file says: whether it is an image, of which format, its header, and its
/// first bytes, for the library scan, which reads every file of a library once.
///
/// One `open(2)` and, for most files, one `pread(2)`: the first ``prefix`` bytes decide the
/// format, hold the header of most images and are where the scan looks for an XMP packet. Only
/// a header that goes on past them (a HEIF's boxes, a JPEG's long segments) is read further,
/// as ``ImageDecoder/info(ofFileAt:)`` does, and a movie's boxes are read where they lie. Only a
/// regular file is opened (``RegularFile``, `O_NONBLOCK`): a FIFO, device or socket swapped in
/// after the walk is refused, never read.
package enum HeaderProbe: Sendable {
  /// No registered format's signature starts the file (or it is empty).
  case notImage
  /// The file could not be opened or read; the reason, without the path.
  case unreadable(String)
  /// An image (or movie) whose header was read, and the file's first bytes.
  case image(ImageInfo, prefix: [UInt8])
  /// A file that a registered format's signature starts, but whose header cannot be read.
  case unreadableHeader(DecodeError)

  /// Opens the file at `path`, reads its first `prefixLength` bytes (fewer when the file is
  /// shorter), sniffs them and reads the header.
  package static func read(_ path: String, prefixLength: Int) -> HeaderProbe {
    read(prefixLength: prefixLength) { () throws(SystemError) in try RegularFile(path: path) }
  }

  /// ``read(_:prefixLength:)`` of the file `name` of the open folder `directory`, which is at
  /// `path` (one name looked up, not the whole path).
  package static func read(
    _ name: String, in directory: Int32, path: String, prefixLength: Int
  ) -> HeaderProbe {
    read(prefixLength: prefixLength) { () throws(SystemError) in
      try RegularFile(name: name, in: directory, path: path)
    }
  }

  private static func read(
    prefixLength: Int, open: () throws(SystemError) -> RegularFile
  ) -> HeaderProbe {
    let file: RegularFile
    let prefix: [UInt8]
    do {
      file = try open()
      prefix = try file.read(at: 0, count: prefixLength)
    } catch {
      return .unreadable(error.reason)
    }
    defer { file.close() }
    guard let codec = ImageFormatRegistry.shared.codec(sniffing: prefix) else { return .notImage }
    do {
      return .image(try ImageDecoder.info(of: file, codec: codec, prefix: prefix), prefix: prefix)
    } catch {
      return .unreadableHeader(error)
    }
  }
}
