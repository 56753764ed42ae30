import CImageCodecs

/// The one Swift funnel over `CImageCodecs_png*` (libpng's classic read API): header reads and
/// full decodes to RGBA. Errors carry no path; ``ImageDecoder`` adds it.
struct PNGCodec: ImageCodec {
  typealias Header = ImageHeader

  let format = ImageFormat.png
  let name = "PNG"
  /// The 8-byte signature `89 50 4E 47 0D 0A 1A 0A`.
  let signatureLength = 8
  let fileExtensions = ["png"]
  let mimeType = "image/png"
  let uniformTypeIdentifier = "public.png"

  func matches(_ head: [UInt8]) -> Bool {
    head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  }

  func header(_ bytes: [UInt8]) throws(DecodeError) -> ImageHeader? {
    try Self.header(bytes)
  }

  func decode(_ bytes: [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
    let (header, image) = try Self.decode(bytes, limits: request.limits)
    return DecodedImage(image: image, header: header)
  }

  /// The header, or nil when `bytes` end before it does (read more and call again).
  static func header(_ bytes: [UInt8]) throws(DecodeError) -> Header? {
    let result: Result<Header?, DecodeError> = withReader(bytes) { png in
      var raw = CImageCodecs_PNGHeader()
      let status = CImageCodecs_pngReadHeader(png, &raw)
      if status == CImageCodecs_statusTruncated { return .success(nil) }
      return headerResult(png, status, raw).map { Optional($0) }
    }
    return try result.get()
  }

  /// Decodes the whole image, after checking `limits` against the header.
  static func decode(
    _ bytes: [UInt8], limits: DecodeLimits
  ) throws(DecodeError) -> (header: Header, image: PixelImage) {
    let result: Result<(Header, PixelImage), DecodeError> = withReader(bytes) { png in
      var raw = CImageCodecs_PNGHeader()
      let header: Header
      switch headerResult(png, CImageCodecs_pngReadHeader(png, &raw), raw) {
      case .success(let read): header = read
      case .failure(let error): return .failure(error)
      }
      do throws(DecodeError) {
        try limits.check(width: header.width, height: header.height, format: .png)
      } catch {
        return .failure(error)
      }
      let (image, status) = PixelImage.filled(width: header.width, height: header.height) {
        CImageCodecs_pngReadRGBA(png, $0, $1)
      }
      guard let image else {
        return .failure(
          DecodeError(status: status, message: CImageCodecs_pngMessage(png), name: "PNG"))
      }
      return .success((header, image))
    }
    let (header, image) = try result.get()
    return (header, image)
  }

  private static func withReader<T>(
    _ bytes: [UInt8], _ body: (OpaquePointer) -> Result<T, DecodeError>
  ) -> Result<T, DecodeError> {
    withCodecHandle(
      over: bytes, kind: "PNG reader", create: { CImageCodecs_pngCreate($0, $1) },
      destroy: { CImageCodecs_pngDestroy($0) }, body)
  }

  private static func headerResult(
    _ png: OpaquePointer, _ status: CImageCodecs_Status, _ raw: CImageCodecs_PNGHeader
  ) -> Result<Header, DecodeError> {
    guard status == CImageCodecs_statusOK else {
      return .failure(
        DecodeError(status: status, message: CImageCodecs_pngMessage(png), name: "PNG"))
    }
    return .success(
      Header(width: raw.width, height: raw.height, exif: raw.exif, exifLength: raw.exifLength))
  }
}
