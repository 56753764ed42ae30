/// The EXIF facts that tell how a photo was taken, as a photo library groups photos: the lens
/// (a selfie's front camera), the rendering (HDR, panorama) and the identifier Apple's
/// MakerNote gives a Live Photo's still.
///
/// Mirrors `kCGImagePropertyExifLensModel`, `kCGImagePropertyExifCustomRendered`,
/// `kCGImagePropertyExifUserComment` and the MakerNote keys `kCGImagePropertyMakerAppleDictionary`
/// holds (`"17"`, the content identifier; `"10"`, the HDR image type). Read by the same
/// bounds-checked reader as ``EXIFMetadata``; a malformed field is left out.
public struct CaptureTags: Sendable, Equatable, Codable {
  /// Exif tag 0xA434, e.g. "iPhone 15 Pro front camera 2.69mm f/1.9".
  public var lensModel: String?
  /// Exif tag 0xA401. iOS writes 2 or 3 for HDR, 4 for the original kept beside an HDR,
  /// 6 for a panorama, 7 and 8 for portraits.
  public var customRendered: Int?
  /// Exif tag 0x9286 without its 8-byte character code ("Screenshot").
  public var userComment: String?
  /// Apple MakerNote tag 0x0011: the identifier a Live Photo's still shares with its movie's
  /// `com.apple.quicktime.content.identifier`.
  public var contentIdentifier: String?
  /// Apple MakerNote tag 0x000A: 3 for an HDR image, 4 for the original kept beside one.
  public var appleHDRImageType: Int?

  public init(
    lensModel: String? = nil, customRendered: Int? = nil, userComment: String? = nil,
    contentIdentifier: String? = nil, appleHDRImageType: Int? = nil
  ) {
    self.lensModel = lensModel
    self.customRendered = customRendered
    self.userComment = userComment
    self.contentIdentifier = contentIdentifier
    self.appleHDRImageType = appleHDRImageType
  }

  private enum Tag {
    static let exifIFDPointer: UInt16 = 0x8769
    static let userComment: UInt16 = 0x9286
    static let makerNote: UInt16 = 0x927C
    static let customRendered: UInt16 = 0xA401
    static let lensModel: UInt16 = 0xA434
    static let appleHDRImageType: UInt16 = 0x000A
    static let appleContentIdentifier: UInt16 = 0x0011
  }

  /// Apple's MakerNote starts "Apple iOS\0", a version, "MM", then its IFD at byte 14; its
  /// offsets count from the MakerNote's first byte.
  private static let appleSignature = Array("Apple iOS".utf8) + [0]

  /// Reads the tags from the Exif sub-IFD of the TIFF block `reader` holds.
  init(reader: TIFFReader, ifd0: Int) {
    self.init()
    guard
      let pointer = reader.entries(ofIFDAt: ifd0).first(where: { $0.tag == Tag.exifIFDPointer }),
      let exifIFD = reader.integerValue(of: pointer)
    else { return }
    for entry in reader.entries(ofIFDAt: exifIFD) {
      switch entry.tag {
      case Tag.lensModel: lensModel = reader.asciiValue(of: entry)
      case Tag.customRendered: customRendered = reader.integerValue(of: entry)
      case Tag.userComment: userComment = Self.comment(reader.rawBytes(of: entry))
      case Tag.makerNote: readAppleMakerNote(reader.rawBytes(of: entry))
      default: continue
      }
    }
  }

  /// A UserComment's text: the 8-byte character code ("ASCII\0\0\0", or zeros) dropped, then
  /// printable ASCII up to the first NUL, spaces trimmed.
  private static func comment(_ bytes: ArraySlice<UInt8>?) -> String? {
    guard let bytes, bytes.count > 8 else { return nil }
    let text = bytes.dropFirst(8).prefix { $0 != 0 }
    guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    let string = String(decoding: text, as: UTF8.self).trimmingSpaces
    return string.isEmpty ? nil : string
  }

  private mutating func readAppleMakerNote(_ bytes: ArraySlice<UInt8>?) {
    guard let bytes, bytes.count > 16, bytes.starts(with: Self.appleSignature) else { return }
    // Offsets count from the MakerNote's start: give the reader a TIFF header there.
    var block = Array(bytes)
    block.replaceSubrange(0..<4, with: [0x4D, 0x4D, 0, 42])
    guard let note = TIFFReader(block) else { return }
    for entry in note.entries(ofIFDAt: 14) {
      switch entry.tag {
      case Tag.appleContentIdentifier: contentIdentifier = note.asciiValue(of: entry)
      case Tag.appleHDRImageType: appleHDRImageType = note.signedIntegerValue(of: entry)
      default: continue
      }
    }
  }
}

extension TIFFReader {
  /// The bytes of an UNDEFINED or ASCII entry, wherever they are stored; nil when they do not
  /// fit in the block.
  func rawBytes(of entry: Entry) -> ArraySlice<UInt8>? {
    guard entry.type == 7 || entry.type == 2, entry.count > 0 else { return nil }
    guard entry.count <= 1 << 20 else { return nil }
    let count = Int(entry.count)
    var start = entry.valueOffset
    if count > 4 {
      guard let offset = uint32(at: entry.valueOffset) else { return nil }
      start = Int(offset)
    }
    guard start >= 0, start <= bytes.count - count else { return nil }
    return bytes[start..<start + count]
  }

  /// A single SHORT, LONG or SLONG value.
  func signedIntegerValue(of entry: Entry) -> Int? {
    guard entry.type == 9 else { return integerValue(of: entry) }
    guard entry.count >= 1, let value = uint32(at: entry.valueOffset) else { return nil }
    return Int(Int32(bitPattern: value))
  }
}

extension String {
  /// The string without leading and trailing spaces.
  fileprivate var trimmingSpaces: String {
    let scalars = unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
    return String(String.UnicodeScalarView(scalars))
  }
}
