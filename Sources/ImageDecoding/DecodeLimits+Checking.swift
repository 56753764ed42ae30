extension DecodeLimits {
  /// Throws ``DecodeError/Code/exceedsLimits`` when a `width` × `height` header is over budget.
  /// Called on the header's numbers, before any pixel buffer exists.
  func check(width: Int, height: Int, format: ImageFormat) throws(DecodeError) {
    let name = format == .jpeg ? "JPEG" : "PNG"
    if width > maxSide || height > maxSide {
      throw DecodeError(
        .exceedsLimits,
        reason: "\(name) is \(width)×\(height), over the limit of \(maxSide) pixels per side")
    }
    if width * height > maxPixels {
      throw DecodeError(
        .exceedsLimits,
        reason: "\(name) is \(width)×\(height), over the limit of \(maxPixels) pixels")
    }
  }

  /// The memory libjpeg may use for its whole-image buffers (progressive coefficients: 2 bytes
  /// per sample, up to 4 components) for an image within these limits, plus slack.
  var jpegMemoryLimit: Int {
    let (product, overflow) = maxPixels.multipliedReportingOverflow(by: 8)
    return overflow ? Int.max / 2 : product + 32 << 20
  }
}
