import CImageCodecs

/// The one Swift funnel over `CImageCodecs_jpeg*` (libjpeg-turbo): header reads and
/// DCT-scaled decodes to RGBA (shrink-on-load at 1/2, 1/4 or 1/8). Errors carry no path;
/// ``ImageDecoder`` adds it.
struct JPEGCodec: ImageCodec {
  typealias Header = ImageHeader

  let format = ImageFormat.jpeg
  let name = "JPEG"
  /// `FF D8 FF`: the SOI marker and the first byte of the next marker.
  let signatureLength = 3
  let fileExtensions = ["jpg", "jpeg", "jpe"]
  let mimeType = "image/jpeg"
  let uniformTypeIdentifier = "public.jpeg"

  func matches(_ head: [UInt8]) -> Bool { head.starts(with: [0xFF, 0xD8, 0xFF]) }

  func header(_ bytes: [UInt8]) throws(DecodeError) -> ImageHeader? {
    try Self.header(bytes)
  }

  func decode(_ bytes: [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
    let (header, image) = try Self.decode(
      bytes, limits: request.limits, allowTruncated: request.options.allowsTruncatedJPEG
    ) { header in
      guard let target = request.targetLongSide, request.options.shrinkOnLoad else { return 1 }
      return Self.scaleDenominator(
        width: header.width, height: header.height, targetLongSide: target,
        minimumShrink: request.options.minimumFinalShrink)
    }
    return DecodedImage(image: image, header: header)
  }

  /// The header, or nil when `bytes` end before it does (read more and call again).
  static func header(_ bytes: [UInt8]) throws(DecodeError) -> Header? {
    let result: Result<Header?, DecodeError> = withDecompressor(bytes, memoryLimit: 0) {
      jpeg in
      switch readHeader(jpeg) {
      case .success(let header): return .success(header)
      case .failure(let error)
      where error.code == .corruptData && CImageCodecs_jpegWasTruncated(jpeg) != 0:
        return .success(nil)
      case .failure(let error): return .failure(error)
      }
    }
    return try result.get()
  }

  /// Decodes at scale 1/`denominator(header)`, after checking `limits` against the header.
  static func decode(
    _ bytes: [UInt8], limits: DecodeLimits, allowTruncated: Bool = false,
    denominator: (Header) -> Int = { _ in 1 }
  ) throws(DecodeError) -> (header: Header, image: PixelImage) {
    let result: Result<(Header, PixelImage), DecodeError> = withDecompressor(
      bytes, memoryLimit: limits.jpegMemoryLimit
    ) { jpeg in
      let header: Header
      switch readHeader(jpeg) {
      case .success(let read): header = read
      case .failure(let error): return .failure(error)
      }
      do throws(DecodeError) {
        try limits.check(width: header.width, height: header.height, format: .jpeg)
      } catch {
        return .failure(error)
      }
      var width: UInt32 = 0
      var height: UInt32 = 0
      let started = CImageCodecs_jpegStart(jpeg, Int32(denominator(header)), &width, &height)
      guard started == CImageCodecs_statusOK else {
        return .failure(
          DecodeError(status: started, message: CImageCodecs_jpegMessage(jpeg), name: "JPEG"))
      }
      let (image, status) = PixelImage.filled(width: Int(width), height: Int(height)) {
        CImageCodecs_jpegReadRGBA(jpeg, $0, $1, allowTruncated ? 1 : 0)
      }
      guard let image else {
        return .failure(
          DecodeError(status: status, message: CImageCodecs_jpegMessage(jpeg), name: "JPEG"))
      }
      return .success((header, image))
    }
    let (header, image) = try result.get()
    return (header, image)
  }

  /// The largest DCT scale denominator (8, 4, 2, else 1) whose output still has a long side of
  /// at least `minimumShrink` × `targetLongSide`, so the final resize has enough to work with.
  static func scaleDenominator(
    width: Int, height: Int, targetLongSide: Int, minimumShrink: Double = 2
  ) -> Int {
    let longSide = max(width, height)
    for denominator in [8, 4, 2] {
      let scaled = (longSide + denominator - 1) / denominator
      if Double(scaled) >= minimumShrink * Double(targetLongSide) { return denominator }
    }
    return 1
  }

  private static func withDecompressor<T>(
    _ bytes: [UInt8], memoryLimit: Int,
    _ body: (OpaquePointer) -> Result<T, DecodeError>
  ) -> Result<T, DecodeError> {
    withCodecHandle(
      over: bytes, kind: "JPEG decoder",
      create: { CImageCodecs_jpegCreate($0, $1, memoryLimit) },
      destroy: { CImageCodecs_jpegDestroy($0) }, body)
  }

  private static func readHeader(_ jpeg: OpaquePointer) -> Result<Header, DecodeError> {
    var raw = CImageCodecs_JPEGHeader()
    let status = CImageCodecs_jpegReadHeader(jpeg, &raw)
    guard status == CImageCodecs_statusOK else {
      return .failure(
        DecodeError(status: status, message: CImageCodecs_jpegMessage(jpeg), name: "JPEG"))
    }
    return .success(
      Header(width: raw.width, height: raw.height, exif: raw.exif, exifLength: raw.exifLength))
  }
}
