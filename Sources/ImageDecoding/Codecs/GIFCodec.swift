import CImageCodecs

/// The one Swift funnel over `CImageCodecs_gif*` (giflib): header reads that walk the records
/// without decompressing (frame count and delays), and the first frame composed on a
/// transparent canvas. Errors carry no path; ``ImageDecoder`` adds it.
struct GIFCodec: ImageCodec {
  let format = ImageFormat.gif
  let name = "GIF"
  /// `GIF87a` or `GIF89a`.
  let signatureLength = 6
  let fileExtensions = ["gif"]
  let mimeType = "image/gif"
  let uniformTypeIdentifier = "com.compuserve.gif"

  func matches(_ head: [UInt8]) -> Bool {
    head.elementsEqual("GIF87a".utf8) || head.elementsEqual("GIF89a".utf8)
  }

  func header(_ bytes: [UInt8]) throws(DecodeError) -> ImageHeader? {
    let result: Result<ImageHeader?, DecodeError> = Self.withReader(bytes) { gif in
      var raw = CImageCodecs_GIFHeader()
      let status = CImageCodecs_gifReadHeader(gif, &raw)
      if status == CImageCodecs_statusTruncated { return .success(nil) }
      return Self.header(gif, status, raw).map { Optional($0) }
    }
    return try result.get()
  }

  func decode(_ bytes: [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
    let result: Result<DecodedImage, DecodeError> = Self.withReader(bytes) { gif in
      var raw = CImageCodecs_GIFHeader()
      let header: ImageHeader
      switch Self.header(gif, CImageCodecs_gifReadHeader(gif, &raw), raw) {
      case .success(let value): header = value
      case .failure(let error): return .failure(error)
      }
      do throws(DecodeError) {
        try request.limits.check(width: header.width, height: header.height, format: .gif)
      } catch {
        return .failure(error)
      }
      let (image, status) = PixelImage.filled(width: header.width, height: header.height) {
        CImageCodecs_gifNextFrame(gif, $0, $1)
      }
      guard let image else { return .failure(Self.error(status, gif)) }
      return .success(DecodedImage(image: image, header: header))
    }
    return try result.get()
  }

  // MARK: Internals

  static func withReader<T>(
    _ bytes: [UInt8], _ body: (OpaquePointer) -> Result<T, DecodeError>
  ) -> Result<T, DecodeError> {
    withCodecHandle(
      over: bytes, kind: "GIF reader", create: { CImageCodecs_gifCreate($0, $1) },
      destroy: { CImageCodecs_gifDestroy($0) }, body)
  }

  /// The header of a reader whose ``CImageCodecs_gifReadHeader`` returned `status`: frame
  /// count, and for an animation each frame's delay in seconds.
  static func header(
    _ gif: OpaquePointer, _ status: CImageCodecs_Status, _ raw: CImageCodecs_GIFHeader
  ) -> Result<ImageHeader, DecodeError> {
    guard status == CImageCodecs_statusOK else { return .failure(error(status, gif)) }
    var header = ImageHeader(width: Int(raw.width), height: Int(raw.height))
    header.frameCount = Int(raw.frameCount)
    if raw.frameCount > 1 {
      header.frameDurations = (0..<raw.frameCount).map {
        Double(CImageCodecs_gifFrameDelay(gif, $0)) / 100
      }
    }
    return .success(header)
  }

  static func error(_ status: CImageCodecs_Status, _ gif: OpaquePointer) -> DecodeError {
    DecodeError(status: status, message: CImageCodecs_gifMessage(gif), name: "GIF")
  }
}
