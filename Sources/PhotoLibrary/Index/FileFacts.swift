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
  /// formats that carry one, its XMP packet): one open and, unless the header goes on past
  /// them, one read of its first ``xmpSearchLimit`` bytes (see `HeaderProbe`).
  static func read(_ path: String) -> FileFacts {
    facts(of: HeaderProbe.read(path, prefixLength: xmpSearchLimit))
  }

  /// ``read(_:)`` of the file `name` of the open folder `directory`, which is at `path`.
  static func read(_ name: String, in directory: Int32, path: String) -> FileFacts {
    facts(of: HeaderProbe.read(name, in: directory, path: path, prefixLength: xmpSearchLimit))
  }

  private static func facts(of probe: HeaderProbe) -> FileFacts {
    switch probe {
    case .notImage: return .notImage
    case .unreadable(let reason): return .unreadable(reason: reason)
    case .unreadableHeader(let error):
      // A missing codec library (FFmpeg) is no fault of the file: not kept, tried again.
      if error.code == .codecUnavailable { return .unreadable(reason: error.reason) }
      return .unreadableHeader(reason: error.reason)
    case .image(var info, let prefix):
      if xmpFormats.contains(info.format) {
        info.xmp = XMPPacket(searching: prefix).flatMap { packet in
          mentionsAny(packet.text, of: AssetFacts.xmpProperties) ? packet : nil
        }
      }
      return .image(info)
    }
  }

  /// The formats whose XMP packet is read (a screenshot's comment, a panorama's GPano keys).
  static let xmpFormats: Set<ImageFormat> = [.jpeg, .png]

  /// How far into a file its XMP packet is looked for: a JPEG's EXIF segment (at most 64 KiB)
  /// comes first, then the XMP one. Also how much of every file the scan reads first.
  static let xmpSearchLimit = 128 * 1024

  /// Whether `text` contains one of `names`: a byte search, so that a packet the library reads
  /// nothing from (most cameras write one) is not kept, and its image fits the index's columns.
  static func mentionsAny(_ text: String, of names: [String]) -> Bool {
    var text = text
    return text.withUTF8 { haystack in
      names.contains {
        ByteSearch.firstIndex(of: Array($0.utf8), in: UnsafeRawBufferPointer(haystack)) != nil
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
