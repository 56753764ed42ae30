import ImageDecoding

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells images from other files by their first bytes, never by their extension.
///
/// A file is an image when a format of `ImageFormatRegistry.shared` recognises its signature.
enum ImageSniffer {
  enum Outcome: Sendable, Equatable {
    case image
    case notImage
    /// The file could not be opened or read; the reason is `strerror`'s.
    case unreadable(String)
  }

  /// How many bytes decide: the longest registered signature.
  static var magicLength: Int { ImageFormatRegistry.shared.sniffLength }

  /// Whether `bytes` (a file's start) are the signature of a registered format.
  static func isImage(_ bytes: [UInt8]) -> Bool { ImageFormat(sniffing: bytes) != nil }

  /// Reads the first bytes of the file at `path`. Opened with `O_NONBLOCK`, so that a file
  /// swapped for a FIFO after it was listed cannot hang the scan.
  static func sniff(_ path: String) -> Outcome {
    do {
      let fd = try POSIX.openFile(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
      defer { close(fd) }
      return isImage(try POSIX.readChunk(fd, count: magicLength)) ? .image : .notImage
    } catch {
      return .unreadable(error.reason)
    }
  }
}
