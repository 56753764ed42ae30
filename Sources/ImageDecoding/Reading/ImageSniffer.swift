import FileSystem

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells images from other files by their first bytes, never by their extension: a file is an
/// image when a format of ``ImageFormatRegistry/shared`` recognises its signature.
///
/// Imports and the thumbnail batch ask it; the library scan sniffs the same way (the registry's
/// signatures) from the first bytes it reads anyway (``HeaderProbe``).
public enum ImageSniffer {
  /// What the first bytes of a file say.
  package enum Outcome: Sendable, Equatable {
    case image(ImageFormat)
    case notImage
    /// The file could not be opened or read; the reason is `strerror`'s.
    case unreadable(String)

    /// Whether the file is an image of a registered format.
    package var isImage: Bool {
      if case .image = self { return true }
      return false
    }
  }

  /// How many bytes decide: the longest registered signature.
  package static var magicLength: Int { ImageFormatRegistry.shared.sniffLength }

  /// The registered format whose signature starts `bytes` (a file's start), if any.
  package static func format(of bytes: [UInt8]) -> ImageFormat? {
    ImageFormatRegistry.shared.codec(sniffing: bytes)?.format
  }

  /// The registered format whose signature starts the file at `path`; nil for anything else.
  public static func format(ofFileAt path: String) throws(DecodeError) -> ImageFormat? {
    switch sniff(path) {
    case .image(let format): return format
    case .notImage: return nil
    case .unreadable(let reason):
      throw DecodeError(.io, path: path, reason: "cannot read: \(reason)")
    }
  }

  /// Reads the first bytes of the file at `path`. Opened with `O_NONBLOCK`, so that a file
  /// swapped for a FIFO after it was listed cannot hang the caller.
  package static func sniff(_ path: String) -> Outcome {
    do {
      let fd = try POSIX.openFile(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
      defer { close(fd) }
      return format(of: try POSIX.readChunk(fd, count: magicLength)).map(Outcome.image)
        ?? .notImage
    } catch {
      return .unreadable(error.reason)
    }
  }
}
