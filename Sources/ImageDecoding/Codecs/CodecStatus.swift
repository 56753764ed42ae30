import CImageCodecs

extension DecodeError {
  /// The error for a failed CImageCodecs_ call of the codec called `name`, with the codec's
  /// own message.
  init(status: CImageCodecs_Status, message: UnsafePointer<CChar>?, name: String) {
    let detail = message.map { String(cString: $0) } ?? ""
    switch status {
    case CImageCodecs_statusUnsupported:
      self.init(.unsupportedFeature, reason: "unsupported \(name) feature: \(detail)")
    case CImageCodecs_statusTruncated:
      self.init(.corruptData, reason: "truncated \(name) file (\(detail))")
    case CImageCodecs_statusUnavailable:
      // The reason names the library and how to install it ("FFmpeg's libavformat.so.59 …").
      self.init(.codecUnavailable, reason: detail)
    case CImageCodecs_statusTooLarge:
      self.init(.exceedsLimits, reason: "\(name) needs more memory than allowed: \(detail)")
    default:
      self.init(.corruptData, reason: "corrupt \(name) file: \(detail)")
    }
  }
}

extension Array where Element == UInt8 {
  /// A copy of `count` bytes at `start` (none when `start` is nil). Copies element by element
  /// into fresh storage, never `Array(UnsafeBufferPointer)`, whose storage can alias the
  /// source in release builds of Swift 6.3 and read it after it is freed.
  init(copying start: UnsafePointer<UInt8>?, count: Int) {
    guard let start, count > 0 else {
      self = []
      return
    }
    self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
      buffer.baseAddress!.initialize(from: start, count: count)
      initialized = count
    }
  }
}

/// Runs `body` with a C codec handle that `create` makes over `bytes` and `destroy` always
/// releases: the one way every `CImageCodecs_*Create`/`*Destroy` pair is used. `kind` names
/// the handle in the error when it cannot be made ("JPEG decoder").
func withCodecHandle<T>(
  over bytes: [UInt8], kind: String,
  create: (UnsafePointer<UInt8>?, Int) -> OpaquePointer?,
  destroy: (OpaquePointer) -> Void,
  _ body: (OpaquePointer) -> Result<T, DecodeError>
) -> Result<T, DecodeError> {
  bytes.withUnsafeBufferPointer { buffer in
    guard let handle = create(buffer.baseAddress, buffer.count) else {
      return .failure(DecodeError(.exceedsLimits, reason: "out of memory for a \(kind)"))
    }
    defer { destroy(handle) }
    return body(handle)
  }
}

extension PixelImage {
  /// An RGBA image of `width` × `height` whose rows (`width * 4` bytes each) the C call
  /// `fill` writes, or nil and the status `fill` failed with: the one way each codec's pixels
  /// reach Swift.
  static func filled(
    width: Int, height: Int,
    by fill: (_ pixels: UnsafeMutablePointer<UInt8>?, _ stride: Int) -> CImageCodecs_Status
  ) -> (image: PixelImage?, status: CImageCodecs_Status) {
    let count = width * height * 4
    var status = CImageCodecs_statusOK
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      status = fill(buffer.baseAddress, width * 4)
      initialized = status == CImageCodecs_statusOK ? count : 0
    }
    guard status == CImageCodecs_statusOK else { return (nil, status) }
    return (PixelImage(width: width, height: height, pixels: pixels), status)
  }
}
