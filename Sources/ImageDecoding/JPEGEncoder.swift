import CImageCodecs

/// Writes a ``PixelImage`` as a baseline JFIF JPEG through libjpeg's compress API
/// (`jpeg_mem_dest`, `jpeg_set_quality`, `jpeg_write_scanlines`); alpha is dropped.
public enum JPEGEncoder {
  /// Encodes `image` at libjpeg `quality` 1–100.
  public static func encode(_ image: PixelImage, quality: Int = 90) throws(DecodeError) -> [UInt8] {
    guard image.width > 0, image.height > 0 else {
      throw DecodeError(
        .unsupportedFeature, reason: "cannot encode an empty \(image.width)×\(image.height) JPEG")
    }
    guard (1...100).contains(quality) else {
      throw DecodeError(.unsupportedFeature, reason: "JPEG quality must be 1–100, not \(quality)")
    }
    guard image.width <= 65_500, image.height <= 65_500 else {
      throw DecodeError(
        .exceedsLimits,
        reason: "a JPEG is at most 65500 pixels a side, not \(image.width)×\(image.height)")
    }
    var output: UnsafeMutablePointer<UInt8>?
    var length = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = image.pixels.withUnsafeBufferPointer { pixels in
      message.withUnsafeMutableBufferPointer { messageBuffer in
        CImageCodecs_jpegEncodeRGBA(
          pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.stride,
          Int32(quality), &output, &length, messageBuffer.baseAddress, messageBuffer.count)
      }
    }
    defer { CImageCodecs_free(output) }
    guard status == CImageCodecs_statusOK else {
      let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      throw DecodeError(.corruptData, reason: "cannot encode JPEG: \(reason)")
    }
    return [UInt8](copying: output, count: length)
  }

  /// libjpeg's quality for UIKit's `compressionQuality` 0–1 (clamped; 0 is quality 1).
  public static func quality(forCompressionQuality compressionQuality: Double) -> Int {
    guard compressionQuality.isFinite else { return 90 }
    return max(1, min(100, Int((compressionQuality * 100).rounded())))
  }
}
