/// An image container format, identified by a stable value (`"jpeg"`, `"heif"`, …), never by
/// a display name or a file extension.
///
/// The counterpart of a `UTType` for images (`UTType.jpeg`, `.heic`, …). It is an open set: a
/// format registered in ``ImageFormatRegistry`` from outside the package gets its own value.
public struct ImageFormat: Hashable, Sendable, CustomStringConvertible, Codable {
  /// The format's stable identifier, lower case (`"jpeg"`); used in JSON and in messages.
  public let identifier: String

  public init(_ identifier: String) {
    self.identifier = identifier
  }

  public init(from decoder: any Decoder) throws {
    identifier = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(identifier)
  }

  public var description: String { identifier }

  /// JPEG/JFIF/EXIF (`public.jpeg`).
  public static let jpeg = ImageFormat("jpeg")
  /// PNG (`public.png`).
  public static let png = ImageFormat("png")
  /// HEIF and its HEVC flavour HEIC, the iPhone's photo format (`public.heic`).
  public static let heif = ImageFormat("heif")
  /// WebP, lossy, lossless and animated (`org.webmproject.webp`).
  public static let webp = ImageFormat("webp")
  /// GIF, still or animated (`com.compuserve.gif`).
  public static let gif = ImageFormat("gif")
}

extension ImageFormat {
  /// The registered format whose signature starts `bytes`, or nil. Only the bytes are read:
  /// file names and extensions are never consulted.
  public init?(sniffing bytes: some Collection<UInt8>) {
    guard let codec = ImageFormatRegistry.shared.codec(sniffing: Array(bytes)) else {
      return nil
    }
    self = codec.format
  }

  /// The name shown in messages ("JPEG"), from the registered codec.
  public var displayName: String {
    ImageFormatRegistry.shared.codec(for: self)?.name ?? identifier.uppercased()
  }
}
