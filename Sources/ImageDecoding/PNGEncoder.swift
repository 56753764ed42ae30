import CImageCodecs

/// Writes a ``PixelImage`` as an 8-bit RGBA PNG through libpng (`png_write_*`), with optional
/// `tEXt` chunks (placed before the image data, so that readers can stop early).
public enum PNGEncoder {
  /// Encodes `image`; `compressionLevel` is zlib's 0–9. Keys must be 1–79 Latin-1 characters
  /// without NUL (PNG's rule); values must not contain NUL.
  public static func encode(
    _ image: PixelImage, text: [(key: String, value: String)] = [], compressionLevel: Int = 6
  ) throws(DecodeError) -> [UInt8] {
    guard image.width > 0, image.height > 0 else {
      throw DecodeError(
        .unsupportedFeature, reason: "cannot encode an empty \(image.width)×\(image.height) PNG")
    }
    guard (0...9).contains(compressionLevel) else {
      throw DecodeError(
        .unsupportedFeature, reason: "zlib level must be 0–9, not \(compressionLevel)")
    }
    var packed: [CChar] = []
    for (key, value) in text {
      guard (1...79).contains(key.utf8.count), !key.utf8.contains(0), !value.utf8.contains(0)
      else {
        throw DecodeError(.unsupportedFeature, reason: "invalid PNG text key \"\(key)\"")
      }
      packed.append(contentsOf: key.utf8.map { CChar(bitPattern: $0) } + [0])
      packed.append(contentsOf: value.utf8.map { CChar(bitPattern: $0) } + [0])
    }
    var output: UnsafeMutablePointer<UInt8>?
    var length = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = image.pixels.withUnsafeBufferPointer { pixels in
      packed.withUnsafeBufferPointer { textBuffer in
        message.withUnsafeMutableBufferPointer { messageBuffer in
          CImageCodecs_pngEncodeRGBA(
            pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.stride,
            textBuffer.baseAddress, text.count, Int32(compressionLevel), &output, &length,
            messageBuffer.baseAddress, messageBuffer.count)
        }
      }
    }
    defer { CImageCodecs_free(output) }
    guard status == CImageCodecs_statusOK else {
      let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      throw DecodeError(.corruptData, reason: "cannot encode PNG: \(reason)")
    }
    return [UInt8](copying: output, count: length)
  }
}
