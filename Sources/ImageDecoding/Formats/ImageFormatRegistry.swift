import Foundation

/// The one list of image formats PhotoGate reads: every sniff, header read and decode in the
/// package goes through it, and a format registered here is read everywhere (the library
/// scan, `show`, `thumbnail`, `thumbs`, the gallery, PhotoKitCompat).
///
/// The counterpart of ImageIO's list of supported types (`CGImageSourceCopyTypeIdentifiers`).
/// Codecs are tried in registration order; registering a codec for a format that already has
/// one replaces it.
///
/// Sendable by hand (`@unchecked`): the codec list is read and changed only under `lock`.
public final class ImageFormatRegistry: @unchecked Sendable {
  /// The registry every entry point uses, holding the built-in formats.
  public static let shared = ImageFormatRegistry(codecs: builtInCodecs)

  /// The formats PhotoGate ships, in sniffing order.
  static var builtInCodecs: [any ImageCodec] {
    [JPEGCodec(), PNGCodec(), HEIFCodec(), WebPCodec(), GIFCodec()]
      + [VideoCodec(.quickTime), VideoCodec(.mpeg4)]
  }

  private let lock = NSLock()
  private var registered: [any ImageCodec]

  /// A registry holding `codecs` (tests build their own; the package uses ``shared``).
  public init(codecs: [any ImageCodec]) {
    registered = []
    for codec in codecs { register(codec) }
  }

  /// Adds `codec`, or replaces the codec registered for the same format.
  public func register(_ codec: any ImageCodec) {
    lock.lock()
    defer { lock.unlock() }
    if let index = registered.firstIndex(where: { $0.format == codec.format }) {
      registered[index] = codec
    } else {
      registered.append(codec)
    }
  }

  /// Removes the codec of `format`, if any.
  public func unregister(_ format: ImageFormat) {
    lock.lock()
    defer { lock.unlock() }
    registered.removeAll { $0.format == format }
  }

  /// Every registered codec, in sniffing order.
  public var codecs: [any ImageCodec] {
    lock.lock()
    defer { lock.unlock() }
    return registered
  }

  /// Every registered format, in sniffing order.
  public var formats: [ImageFormat] { codecs.map(\.format) }

  /// How many leading bytes decide the format of any file: the longest signature.
  public var sniffLength: Int { codecs.map(\.signatureLength).max() ?? 0 }

  /// The codec of `format`, or nil when none is registered.
  public func codec(for format: ImageFormat) -> (any ImageCodec)? {
    codecs.first { $0.format == format }
  }

  /// The first codec whose signature matches `head` (a file's first bytes), or nil.
  public func codec(sniffing head: [UInt8]) -> (any ImageCodec)? {
    codecs.first { codec in
      codec.matches(Array(head.prefix(codec.signatureLength)))
    }
  }

  /// The names of every registered format, for messages ("JPEG, PNG or GIF").
  public var formatList: String {
    let names = codecs.map(\.name)
    guard names.count > 1 else { return names.first ?? "no format" }
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }
}
