/// One image format PhotoGate can read: how to recognise it from its first bytes, read its
/// header, and decode it (shrinking on load where the format allows).
///
/// The counterpart of an ImageIO image source type behind `CGImageSourceCreateWithData`.
/// Adding a format is one C wrapper (in `CImageCodecs`), one type conforming to this protocol,
/// and one ``ImageFormatRegistry/register(_:)`` call. ``ImageDecoder`` checks
/// ``DecodeLimits`` against ``header(_:)`` before it calls ``decode(_:request:)``, and
/// applies ``ImageHeader/orientation`` to the result.
public protocol ImageCodec: Sendable {
  /// The format this codec reads.
  var format: ImageFormat { get }
  /// The name used in messages: "JPEG", "HEIF".
  var name: String { get }
  /// How many leading bytes ``matches(_:)`` needs to decide.
  var signatureLength: Int { get }
  /// File extensions, lower case and without the dot, the preferred one first (`["jpg", …]`).
  var fileExtensions: [String] { get }
  /// The MIME type (`image/jpeg`), as the freedesktop.org thumbnail spec records it.
  var mimeType: String { get }
  /// The uniform type identifier (`public.jpeg`), as PhotoKit reports it.
  var uniformTypeIdentifier: String { get }

  /// Whether a file that starts with `head` is of this format. `head` holds at most
  /// ``signatureLength`` bytes, fewer when the file is shorter.
  func matches(_ head: [UInt8]) -> Bool

  /// The header of `bytes`, or nil when `bytes` end before the header does (the caller then
  /// reads more of the file and asks again). Never decodes pixel data.
  func header(_ bytes: [UInt8]) throws(DecodeError) -> ImageHeader?

  /// Decodes `bytes` in stored orientation. When ``DecodeRequest/targetLongSide`` is set the
  /// codec may return a smaller image (shrink-on-load: a DCT scale, an embedded thumbnail),
  /// never one whose long side is below it.
  func decode(_ bytes: [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage
}

extension ImageCodec {
  public var fileExtensions: [String] { [format.identifier] }
  public var mimeType: String { "image/\(format.identifier)" }
  public var uniformTypeIdentifier: String { "public.\(format.identifier)" }
}
