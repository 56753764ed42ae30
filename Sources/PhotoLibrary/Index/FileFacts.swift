import FileSystem
import ImageDecoding

/// What reading one file of the library gave: its first bytes and, for an image, its header.
///
/// The per-file step of a scan, and the value the ``LibraryIndex`` keeps per file signature, so
/// that a later scan reads only the files that changed. Grouping files into assets stays in the
/// scan; fields added to `ImageInfo` are kept with no change here.
enum FileFacts: Sendable, Equatable, Codable {
  /// An image (or movie) of a registered format, with what its header says.
  case image(ImageInfo)
  /// A file whose first bytes are a registered format but whose header cannot be read.
  case unreadableHeader(reason: String)
  /// A file whose first bytes are no registered format.
  case notImage
  /// A file that could not be opened or read (permissions, I/O); never kept in the index,
  /// so that it is tried again.
  case unreadable(reason: String)

  /// Sniffs the file at `path` and, when it is an image, reads its header (and, for the
  /// formats that carry one, its XMP packet).
  static func read(_ path: String) -> FileFacts {
    switch ImageSniffer.sniff(path) {
    case .notImage: return .notImage
    case .unreadable(let reason): return .unreadable(reason: reason)
    case .image:
      do {
        var info = try ImageDecoder.info(ofFileAt: path)
        if xmpFormats.contains(info.format) {
          info.xmp = xmpPacket(atPath: path).flatMap { packet in
            mentionsAny(packet.text, of: AssetFacts.xmpProperties) ? packet : nil
          }
        }
        return .image(info)
      } catch {
        // A missing codec library (FFmpeg) is no fault of the file: not kept, tried again.
        if error.code == .codecUnavailable { return .unreadable(reason: error.reason) }
        return .unreadableHeader(reason: error.reason)
      }
    }
  }

  /// The formats whose XMP packet is read (a screenshot's comment, a panorama's GPano keys).
  static let xmpFormats: Set<ImageFormat> = [.jpeg, .png]

  /// How far into a file its XMP packet is looked for: a JPEG's EXIF segment (at most 64 KiB)
  /// comes first, then the XMP one.
  static let xmpSearchLimit = 128 * 1024

  /// The XMP packet in the first bytes of the file at `path`, if any.
  static func xmpPacket(atPath path: String) -> XMPPacket? {
    guard let prefix = try? POSIX.readPrefix(path, limit: xmpSearchLimit) else { return nil }
    return XMPPacket(searching: prefix.bytes)
  }

  /// Whether `text` contains one of `names`: a byte search, so that a packet the library reads
  /// nothing from (most cameras write one) is not kept, and its image fits the index's columns.
  static func mentionsAny(_ text: String, of names: [String]) -> Bool {
    var text = text
    return text.withUTF8 { haystack in
      names.contains { name in
        let needle = Array(name.utf8)
        guard let first = needle.first, needle.count <= haystack.count else { return false }
        var index = 0
        while index <= haystack.count - needle.count {
          if haystack[index] == first,
            needle.indices.allSatisfy({ haystack[index + $0] == needle[$0] })
          {
            return true
          }
          index += 1
        }
        return false
      }
    }
  }

  /// Whether the index may keep these facts (an outcome that depends only on the bytes).
  var isCacheable: Bool {
    if case .unreadable = self { return false }
    return true
  }

  /// Whether the file is listed as an asset.
  var isImage: Bool {
    switch self {
    case .image, .unreadableHeader: true
    case .notImage, .unreadable: false
    }
  }
}
