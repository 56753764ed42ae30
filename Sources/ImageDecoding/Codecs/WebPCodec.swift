import CImageCodecs

/// The one Swift funnel over `CImageCodecs_webp*` (libwebp and libwebpdemux): header reads
/// from the RIFF chunks (canvas, frames and their durations, EXIF), still decodes as dwebp
/// makes them, and the first composed frame of an animation. Errors carry no path;
/// ``ImageDecoder`` adds it.
struct WebPCodec: ImageCodec {
  let format = ImageFormat.webp
  let name = "WebP"
  /// `RIFF`, the RIFF size, `WEBP`.
  let signatureLength = 12
  let fileExtensions = ["webp"]
  let mimeType = "image/webp"
  let uniformTypeIdentifier = "org.webmproject.webp"

  func matches(_ head: [UInt8]) -> Bool {
    head.count >= 12 && head[0...3].elementsEqual("RIFF".utf8)
      && head[8...11].elementsEqual("WEBP".utf8)
  }

  func header(_ bytes: [UInt8]) throws(DecodeError) -> ImageHeader? {
    let result: Result<ImageHeader?, DecodeError> = Self.withReader(bytes) { webp in
      var raw = CImageCodecs_WebPHeader()
      let status = CImageCodecs_webpReadHeader(webp, &raw)
      if status == CImageCodecs_statusTruncated { return .success(nil) }
      return Self.header(webp, status, raw).map { Optional($0.header) }
    }
    return try result.get()
  }

  func decode(_ bytes: [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
    let result: Result<DecodedImage, DecodeError> = Self.withReader(bytes) { webp in
      var raw = CImageCodecs_WebPHeader()
      let read: (header: ImageHeader, animated: Bool)
      switch Self.header(webp, CImageCodecs_webpReadHeader(webp, &raw), raw) {
      case .success(let value): read = value
      case .failure(let error): return .failure(error)
      }
      let header = read.header
      do throws(DecodeError) {
        try request.limits.check(width: header.width, height: header.height, format: .webp)
      } catch {
        return .failure(error)
      }
      let (image, status) = PixelImage.filled(width: header.width, height: header.height) {
        pixels, stride in
        guard read.animated else { return CImageCodecs_webpDecodeStill(webp, pixels, stride) }
        var timestamp: Int32 = 0
        return CImageCodecs_webpNextFrame(webp, pixels, stride, &timestamp)
      }
      guard let image else { return .failure(Self.error(status, webp)) }
      return .success(DecodedImage(image: image, header: header))
    }
    return try result.get()
  }

  // MARK: Internals

  static func withReader<T>(
    _ bytes: [UInt8], _ body: (OpaquePointer) -> Result<T, DecodeError>
  ) -> Result<T, DecodeError> {
    withCodecHandle(
      over: bytes, kind: "WebP reader", create: { CImageCodecs_webpCreate($0, $1) },
      destroy: { CImageCodecs_webpDestroy($0) }, body)
  }

  /// The header of a reader whose ``CImageCodecs_webpReadHeader`` returned `status`, and
  /// whether the file is an animation.
  static func header(
    _ webp: OpaquePointer, _ status: CImageCodecs_Status, _ raw: CImageCodecs_WebPHeader
  ) -> Result<(header: ImageHeader, animated: Bool), DecodeError> {
    guard status == CImageCodecs_statusOK else { return .failure(error(status, webp)) }
    var header = ImageHeader(
      width: raw.width, height: raw.height, exif: raw.exif, exifLength: raw.exifLength)
    let animated = raw.isAnimated != 0
    if animated {
      // One walk of the frame list (asking for each frame by number walks it from its start
      // every time), and no more frames than a GIF may count.
      let counted = min(Int(raw.frameCount), Int(CImageCodecs_maxFrames))
      let durations = [Int32](unsafeUninitializedCapacity: counted) { buffer, written in
        written = Int(
          CImageCodecs_webpFrameDurations(webp, buffer.baseAddress, UInt32(counted)))
      }
      header.frameCount = durations.count
      header.frameDurations = durations.map { Double($0) / 1000 }
    }
    return .success((header, animated))
  }

  static func error(_ status: CImageCodecs_Status, _ webp: OpaquePointer) -> DecodeError {
    DecodeError(status: status, message: CImageCodecs_webpMessage(webp), name: "WebP")
  }
}
