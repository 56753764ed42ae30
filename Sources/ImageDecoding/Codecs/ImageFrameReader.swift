import CImageCodecs

/// One frame of an animation, composed on the canvas and turned upright, with how long it
/// stays on screen.
public struct ImageFrame: Sendable, Equatable {
  public var image: PixelImage
  /// Seconds; 0 for a still image.
  public var duration: Double

  public init(image: PixelImage, duration: Double) {
    self.image = image
    self.duration = duration
  }
}

/// Reads the frames of an animated GIF or WebP one at a time, each composed as the format
/// says (disposal, blending); any other image gives its one decode as a single frame.
///
/// The counterpart of `CGImageSourceCreateImageAtIndex` over `CGImageSourceGetCount` with
/// `kCGImagePropertyGIFDelayTime`. Only one frame's pixels are alive at a time, so a long
/// animation never sits whole in memory. Not thread-safe: one reader per consumer.
public final class ImageFrameReader {
  private enum Source {
    case webp(OpaquePointer)
    case gif(OpaquePointer)
    case still(PixelImage?)
  }

  /// The file's header: canvas size, frame count and durations.
  public let info: ImageInfo
  private let header: ImageHeader
  private var source: Source
  private var storage: UnsafeMutableBufferPointer<UInt8>?
  private var index = 0

  /// Opens the file at `path`, reads its header and checks `limits` against the canvas.
  public convenience init(fileAt path: String, limits: DecodeLimits = .default) throws(DecodeError)
  {
    do {
      switch try ImageFile.open(path, limits: limits) {
      case .image(let bytes): try self.init(data: bytes, limits: limits)
      case .movie(let codec, let file):
        let decoded = try ImageDecoder.decodeMovie(
          codec, file, limits: limits, targetLongSide: nil)
        self.init(still: decoded.image, header: decoded.header, format: codec.format)
      }
    } catch {
      throw error.with(path: path)
    }
  }

  /// A reader of one frame already decoded (a movie's poster).
  private init(still image: PixelImage, header: ImageHeader, format: ImageFormat) {
    self.header = header
    info = ImageInfo(format: format, header: header)
    source = .still(image.applying(header.orientation))
  }

  /// Opens an image held in memory.
  public init(data: [UInt8], limits: DecodeLimits = .default) throws(DecodeError) {
    let codec = try ImageDecoder.codec(for: data)
    guard let header = try codec.header(data) else {
      throw DecodeError(
        .corruptData, reason: "truncated \(codec.name) file (ends inside the header)")
    }
    try limits.check(width: header.width, height: header.height, format: codec.format)
    self.header = header
    info = ImageInfo(format: codec.format, header: header)
    guard header.frameCount > 1, codec.format == .webp || codec.format == .gif else {
      let decoded = try ImageDecoder.decode(data: data, limits: limits)
      source = .still(decoded)
      return
    }
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: data.count)
    _ = copy.initialize(from: data)
    storage = copy
    let status: CImageCodecs_Status
    if codec.format == .webp {
      guard let webp = CImageCodecs_webpCreate(copy.baseAddress, copy.count) else {
        copy.deallocate()
        storage = nil
        throw DecodeError(.exceedsLimits, reason: "out of memory for a WebP reader")
      }
      source = .webp(webp)
      var raw = CImageCodecs_WebPHeader()
      status = CImageCodecs_webpReadHeader(webp, &raw)
    } else {
      guard let gif = CImageCodecs_gifCreate(copy.baseAddress, copy.count) else {
        copy.deallocate()
        storage = nil
        throw DecodeError(.exceedsLimits, reason: "out of memory for a GIF reader")
      }
      source = .gif(gif)
      var raw = CImageCodecs_GIFHeader()
      status = CImageCodecs_gifReadHeader(gif, &raw)
    }
    guard status == CImageCodecs_statusOK else { throw failure(status) }
  }

  deinit {
    switch source {
    case .webp(let webp): CImageCodecs_webpDestroy(webp)
    case .gif(let gif): CImageCodecs_gifDestroy(gif)
    case .still: break
    }
    storage?.deallocate()
  }

  /// The next frame, or nil after the last one.
  public func next() throws(DecodeError) -> ImageFrame? {
    switch source {
    case .still(let image):
      source = .still(nil)
      return image.map { ImageFrame(image: $0, duration: 0) }
    case .webp, .gif:
      guard index < header.frameCount else { return nil }
    }
    let width = header.width
    let height = header.height
    let (filled, status) = PixelImage.filled(width: width, height: height) { pixels, stride in
      switch source {
      case .webp(let webp):
        var timestamp: Int32 = 0
        return CImageCodecs_webpNextFrame(webp, pixels, stride, &timestamp)
      case .gif(let gif): return CImageCodecs_gifNextFrame(gif, pixels, stride)
      case .still: return CImageCodecs_statusMisuse
      }
    }
    guard let filled else { throw failure(status) }
    let duration = index < header.frameDurations.count ? header.frameDurations[index] : 0
    index += 1
    return ImageFrame(image: filled.applying(header.orientation), duration: duration)
  }

  private func failure(_ status: CImageCodecs_Status) -> DecodeError {
    switch source {
    case .webp(let webp): WebPCodec.error(status, webp)
    case .gif(let gif): GIFCodec.error(status, gif)
    case .still: DecodeError(.corruptData, reason: "no frame")
    }
  }
}

extension ImageDecoder {
  /// A reader over the frames of the file at `path` (one frame for a still image).
  public static func frames(
    fileAt path: String, limits: DecodeLimits = .default
  ) throws(DecodeError) -> ImageFrameReader {
    try ImageFrameReader(fileAt: path, limits: limits)
  }
}
