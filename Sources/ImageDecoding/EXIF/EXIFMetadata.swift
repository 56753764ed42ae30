/// The EXIF fields PhotoGate uses, parsed from a TIFF block (the payload of a JPEG APP1
/// "Exif\0\0" marker, a PNG eXIf chunk, a HEIF Exif item or a WebP EXIF chunk) by our own
/// bounds-checked reader.
///
/// Mirrors what `CGImageSourceCopyPropertiesAtIndex` reports as `kCGImagePropertyOrientation`,
/// `kCGImagePropertyExifDateTimeOriginal`, `kCGImagePropertyTIFFMake`/`…Model` and
/// `kCGImagePropertyExifLensModel`. Both byte orders are read; anything malformed
/// is ignored field by field, never an error: a broken EXIF block still leaves a viewable image.
public struct EXIFMetadata: Sendable, Equatable {
  /// IFD0 tag 0x0112, when present and 1–8.
  public var orientation: ImageOrientation?
  /// Exif sub-IFD tag 0x9003, "YYYY:MM:DD HH:MM:SS".
  public var dateTimeOriginal: String?
  /// IFD0 tag 0x010F, the camera maker ("Apple").
  public var make: String?
  /// IFD0 tag 0x0110, the camera model ("iPhone XS").
  public var model: String?
  /// The capture facts a photo library sorts by (lens, rendering, Apple's MakerNote).
  public var capture: CaptureTags

  /// Exif sub-IFD tag 0xA434 ("iPhone XS back dual camera 4.25mm f/1.8"), from ``capture``.
  public var lensModel: String? { capture.lensModel }

  public init(
    orientation: ImageOrientation? = nil, dateTimeOriginal: String? = nil, make: String? = nil,
    model: String? = nil, capture: CaptureTags = CaptureTags()
  ) {
    self.orientation = orientation
    self.dateTimeOriginal = dateTimeOriginal
    self.make = make
    self.model = model
    self.capture = capture
  }

  private enum Tag {
    static let make: UInt16 = 0x010F
    static let model: UInt16 = 0x0110
    static let orientation: UInt16 = 0x0112
    static let exifIFDPointer: UInt16 = 0x8769
    static let dateTimeOriginal: UInt16 = 0x9003
  }

  private enum FieldType {
    static let ascii: UInt16 = 2
    static let short: UInt16 = 3
    static let long: UInt16 = 4
  }

  /// Parses `tiff`, which starts with "II*\0" or "MM\0*". A leading "Exif\0\0" is skipped, as
  /// some PNG writers put it in eXIf.
  public init(tiff bytes: some Collection<UInt8>) {
    var tiff = Array(bytes)
    if tiff.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { tiff.removeFirst(6) }
    self.init()
    guard let reader = TIFFReader(tiff), let ifd0 = reader.uint32(at: 4) else { return }
    for entry in reader.entries(ofIFDAt: Int(ifd0)) {
      switch entry.tag {
      case Tag.orientation:
        if let value = reader.integerValue(of: entry) {
          orientation = ImageOrientation(rawValue: value)
        }
      case Tag.make:
        make = reader.asciiValue(of: entry)
      case Tag.model:
        model = reader.asciiValue(of: entry)
      case Tag.exifIFDPointer:
        guard let offset = reader.integerValue(of: entry) else { continue }
        for inner in reader.entries(ofIFDAt: offset) where inner.tag == Tag.dateTimeOriginal {
          dateTimeOriginal = reader.asciiValue(of: inner)
        }
      default:
        continue
      }
    }
    capture = CaptureTags(reader: reader, ifd0: Int(ifd0))
  }
}

/// Bounds-checked reads from a TIFF block in its own byte order.
struct TIFFReader {
  struct Entry {
    var tag: UInt16
    var type: UInt16
    var count: UInt32
    /// Where the 4-byte value/offset field starts.
    var valueOffset: Int
  }

  let bytes: [UInt8]
  let bigEndian: Bool

  init?(_ bytes: [UInt8]) {
    guard bytes.count >= 8 else { return nil }
    if bytes[0] == 0x49 && bytes[1] == 0x49 && bytes[2] == 42 && bytes[3] == 0 {
      bigEndian = false
    } else if bytes[0] == 0x4D && bytes[1] == 0x4D && bytes[2] == 0 && bytes[3] == 42 {
      bigEndian = true
    } else {
      return nil
    }
    self.bytes = bytes
  }

  func uint16(at offset: Int) -> UInt16? {
    guard offset >= 0, offset <= bytes.count - 2 else { return nil }
    let a = UInt16(bytes[offset])
    let b = UInt16(bytes[offset + 1])
    return bigEndian ? a << 8 | b : b << 8 | a
  }

  func uint32(at offset: Int) -> UInt32? {
    guard let first = uint16(at: offset), let second = uint16(at: offset + 2) else { return nil }
    return bigEndian
      ? UInt32(first) << 16 | UInt32(second) : UInt32(second) << 16 | UInt32(first)
  }

  /// The entries of the IFD at `offset`; empty when it does not fit in the block.
  func entries(ofIFDAt offset: Int) -> [Entry] {
    guard let count = uint16(at: offset) else { return [] }
    var result: [Entry] = []
    for index in 0..<Int(count) {
      let start = offset + 2 + index * 12
      guard let tag = uint16(at: start), let type = uint16(at: start + 2),
        let valueCount = uint32(at: start + 4), start + 12 <= bytes.count
      else { break }
      result.append(Entry(tag: tag, type: type, count: valueCount, valueOffset: start + 8))
    }
    return result
  }

  /// A single SHORT or LONG value.
  func integerValue(of entry: Entry) -> Int? {
    guard entry.count >= 1 else { return nil }
    switch entry.type {
    case 3: return uint16(at: entry.valueOffset).map(Int.init)
    case 4: return uint32(at: entry.valueOffset).map(Int.init)
    default: return nil
    }
  }

  /// An ASCII value without its terminating NULs.
  func asciiValue(of entry: Entry) -> String? {
    guard entry.type == 2, entry.count > 0, entry.count <= 1024 else { return nil }
    let count = Int(entry.count)
    var start = entry.valueOffset
    if count > 4 {
      guard let offset = uint32(at: entry.valueOffset) else { return nil }
      start = Int(offset)
    }
    guard start >= 0, start <= bytes.count - count else { return nil }
    let text = bytes[start..<start + count].prefix { $0 != 0 }
    guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    return String(decoding: text, as: UTF8.self)
  }
}
