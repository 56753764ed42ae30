import ImageDecoding

/// A tiny binary PPM (`P6`, maxval 255) reader registered from outside the package's own
/// codecs: it proves that a format plugs into every reader through the public registry alone.
public struct PPMCodec: ImageCodec {
  public let format = ImageFormat("ppm")
  public let name = "PPM"
  public let signatureLength = 2
  public let fileExtensions = ["ppm"]
  public let mimeType = "image/x-portable-pixmap"
  public let uniformTypeIdentifier = "public.pbm"

  public init() {}

  /// Registers the codec in the shared registry (idempotent).
  public static func registerShared() {
    ImageFormatRegistry.shared.register(PPMCodec())
  }

  public func matches(_ head: [UInt8]) -> Bool { head == Array("P6".utf8) }

  public func header(_ bytes: [UInt8]) throws(DecodeError) -> ImageHeader? {
    guard let parsed = try parse(bytes) else { return nil }
    return ImageHeader(width: parsed.width, height: parsed.height)
  }

  public func decode(_ bytes: [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
    guard let parsed = try parse(bytes) else {
      throw DecodeError(.corruptData, reason: "truncated PPM header")
    }
    let count = parsed.width * parsed.height
    guard bytes.count - parsed.dataOffset >= count * 3 else {
      throw DecodeError(.corruptData, reason: "truncated PPM pixel data")
    }
    var pixels = [UInt8](repeating: 255, count: count * 4)
    for index in 0..<count {
      for channel in 0..<3 {
        pixels[index * 4 + channel] = bytes[parsed.dataOffset + index * 3 + channel]
      }
    }
    return DecodedImage(
      image: PixelImage(width: parsed.width, height: parsed.height, pixels: pixels),
      header: ImageHeader(width: parsed.width, height: parsed.height))
  }

  /// `P6 <width> <height> 255` and one whitespace byte; nil when the bytes end before that.
  private func parse(_ bytes: [UInt8]) throws(DecodeError) -> (
    width: Int, height: Int, dataOffset: Int
  )? {
    var fields: [Int] = []
    var index = 2
    while fields.count < 3 {
      while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
      var value = 0
      var digits = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - 0x30)
        digits += 1
        index += 1
        if value > 1 << 24 { throw DecodeError(.corruptData, reason: "PPM number too large") }
      }
      if index >= bytes.count { return nil }
      guard digits > 0 else { throw DecodeError(.corruptData, reason: "bad PPM header") }
      fields.append(value)
    }
    guard fields[2] == 255 else {
      throw DecodeError(.unsupportedFeature, reason: "PPM maxval \(fields[2]) (only 255)")
    }
    return (fields[0], fields[1], index + 1)
  }

  /// The bytes of a `width` × `height` PPM whose every pixel is `rgb`.
  public static func file(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8)) -> [UInt8] {
    var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
    for _ in 0..<(width * height) { bytes += [rgb.0, rgb.1, rgb.2] }
    return bytes
  }
}
