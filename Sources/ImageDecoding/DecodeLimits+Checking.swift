extension DecodeLimits {
  /// Throws ``DecodeError/Code/exceedsLimits`` when a `width` × `height` header is over
  /// budget, at `bytesPerPixel` bytes a pixel. Called on the header's numbers, before any
  /// pixel buffer exists.
  public func check(
    width: Int, height: Int, bytesPerPixel: Int = 4, format: ImageFormat
  ) throws(DecodeError) {
    let name = format.displayName
    guard width > 0, height > 0 else {
      throw DecodeError(.corruptData, reason: "\(name) header declares a \(width)×\(height) image")
    }
    let (pixels, pixelOverflow) = width.multipliedReportingOverflow(by: height)
    if pixelOverflow || pixels > maxPixels {
      throw DecodeError(
        .exceedsLimits,
        reason: "\(name) is \(width)×\(height), over the limit of \(maxPixels) pixels")
    }
    let (bytes, byteOverflow) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
    if byteOverflow || bytes > maxBytes {
      throw DecodeError(
        .exceedsLimits,
        reason: "\(name) is \(width)×\(height), over the limit of \(maxBytes) bytes decoded")
    }
  }

  /// The memory libjpeg may use for its whole-image buffers (progressive coefficients: 2 bytes
  /// per sample, up to 4 components) for an image within these limits, plus slack.
  var jpegMemoryLimit: Int {
    let (product, overflow) = maxPixels.multipliedReportingOverflow(by: 8)
    return overflow ? Int.max / 2 : product + 32 << 20
  }
}
