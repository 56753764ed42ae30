import CImageCodecs
import FileSystem

/// The one Swift funnel over `CImageCodecs_video*` (FFmpeg's libavformat, libavcodec and
/// libswscale): QuickTime and MPEG-4 movies read as their poster frame, the first frame of the
/// first key frame, with the track's display matrix applied.
///
/// The counterpart of `AVAssetImageGenerator` with `appliesPreferredTrackTransform`. The header
/// gives the displayed size (after the rotation), ``ImageOrientation/up``, and the movie's
/// ``VideoFacts``; a plain camera movie's is read from its boxes without loading FFmpeg (see
/// ``HeaderReader``), with the values FFmpeg gives. Each reader stops after ``timeLimit``
/// seconds, so a hostile file is an error, never a hang. Errors carry no path;
/// ``ImageDecoder`` adds it.
struct VideoCodec: ImageCodec {
  let format: ImageFormat
  let name: String
  /// The `ftyp` box: size, type, major brand, minor version and up to twelve compatible brands.
  let signatureLength = 64
  let fileExtensions: [String]
  let mimeType: String
  let uniformTypeIdentifier: String
  /// Seconds one header read or one poster decode may take.
  let timeLimit: Double

  /// Ten seconds: an iPhone 4K HEVC poster takes well under one.
  static let defaultTimeLimit = 10.0

  /// The codec of `format` (``ImageFormat/quickTime`` or ``ImageFormat/mpeg4``).
  init(_ format: ImageFormat, timeLimit: Double = defaultTimeLimit) {
    self.format = format
    self.timeLimit = timeLimit
    if format == .quickTime {
      name = "QuickTime movie"
      fileExtensions = ["mov", "qt"]
      mimeType = "video/quicktime"
      uniformTypeIdentifier = "com.apple.quicktime-movie"
    } else {
      name = "MPEG-4 movie"
      fileExtensions = ["mp4", "m4v"]
      mimeType = "video/mp4"
      uniformTypeIdentifier = "public.mpeg-4"
    }
  }

  func matches(_ head: [UInt8]) -> Bool {
    MovieBrand.format(ofHead: head) == format
  }

  func header(_ bytes: [UInt8]) throws(DecodeError) -> ImageHeader? {
    try header(.bytes(bytes))
  }

  func decode(_ bytes: [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
    try decode(.bytes(bytes), request: request)
  }

  /// Where a reader reads the movie: bytes in memory, or an open file read with `pread` as
  /// FFmpeg asks (memory then never grows with the file's size).
  enum Input {
    case bytes([UInt8])
    case file(RegularFile)
  }

  /// Which reader reads a movie's header (`CImageCodecs_VideoHeaderReader`): a plain camera
  /// movie's boxes, else FFmpeg (what the codec does); or one of the two alone, so that tests
  /// hold them to the same values.
  enum HeaderReader {
    case automatic, ffmpeg, boxes

    var value: CImageCodecs_VideoHeaderReader {
      switch self {
      case .automatic: CImageCodecs_videoHeaderAutomatic
      case .ffmpeg: CImageCodecs_videoHeaderFFmpeg
      case .boxes: CImageCodecs_videoHeaderBoxes
      }
    }
  }

  /// The header of the movie in `input`, or nil when its bytes end before the `moov` box.
  func header(_ input: Input, reader: HeaderReader = .automatic) throws(DecodeError)
    -> ImageHeader?
  {
    let result: Result<ImageHeader?, DecodeError> = withReader(input) { video in
      switch readInfo(video, reader: reader) {
      case .success(let info): return .success(Self.header(info))
      case .failure(let error) where error.status == CImageCodecs_statusTruncated:
        return .success(nil)
      case .failure(let error): return .failure(error.decodeError)
      }
    }
    return try result.get()
  }

  /// The poster frame of the movie in `input`: decoded here, or, for a file when a
  /// ``MovieFrameService`` is in use, by its helper process (the header is still read here:
  /// a plain camera movie's from its boxes).
  func decode(
    _ input: Input, request: DecodeRequest,
    service: MovieFrameService? = MovieFrameService.current
  ) throws(DecodeError) -> DecodedImage {
    if case .file(let file) = input, let service {
      let result: Result<(CImageCodecs_VideoInfo, ImageHeader), DecodeError> = withReader(input) {
        video in
        readInfo(video).map { ($0, Self.header($0)) }.mapError(\.decodeError)
      }
      let (info, header) = try result.get()
      let (width, height) = Self.decodeSize(
        width: Int(info.width), height: Int(info.height), request: request)
      if let image = try service.poster(
        of: file, codec: self, width: width, height: height, expecting: header)
      {
        return DecodedImage(image: image, header: header)
      }
    }
    let result: Result<DecodedImage, DecodeError> = withReader(input) { video in
      let info: CImageCodecs_VideoInfo
      switch readInfo(video) {
      case .success(let read): info = read
      case .failure(let error): return .failure(error.decodeError)
      }
      let (width, height) = Self.decodeSize(
        width: Int(info.width), height: Int(info.height), request: request)
      return poster(video, info, width: width, height: height).map {
        DecodedImage(image: $0, header: Self.header(info))
      }
    }
    return try result.get()
  }

  /// The poster frame of the movie in `file`, converted to `width` × `height` (the coded
  /// frame's orientation, at most its size) and then turned upright, with the movie's header:
  /// what a ``MovieFrameService`` helper does for each request.
  func poster(of file: RegularFile, width: Int, height: Int) throws(DecodeError) -> DecodedImage {
    let result: Result<DecodedImage, DecodeError> = withReader(.file(file)) { video in
      let info: CImageCodecs_VideoInfo
      switch readInfo(video) {
      case .success(let read): info = read
      case .failure(let error): return .failure(error.decodeError)
      }
      guard width > 0, height > 0, width <= Int(info.width), height <= Int(info.height) else {
        return .failure(
          DecodeError(
            .corruptData,
            reason: "the movie changed while it was read (its frame is no longer "
              + "\(width)×\(height) or larger)"))
      }
      return poster(video, info, width: width, height: height).map {
        DecodedImage(image: $0, header: Self.header(info))
      }
    }
    return try result.get()
  }

  /// Decodes the poster frame of `video`, whose header `info` was read, converts it to
  /// `width` × `height` and turns it upright.
  private func poster(
    _ video: OpaquePointer, _ info: CImageCodecs_VideoInfo, width: Int, height: Int
  ) -> Result<PixelImage, DecodeError> {
    let status = CImageCodecs_videoDecodePoster(video)
    guard status == CImageCodecs_statusOK else { return .failure(failure(status, video)) }
    let (image, converted) = PixelImage.filled(width: width, height: height) {
      CImageCodecs_videoReadRGBA(video, Int32(width), Int32(height), $0, $1)
    }
    guard let stored = image else { return .failure(failure(converted, video)) }
    return .success(stored.applying(Self.orientation(info)))
  }

  /// The size to convert the coded frame to: the full coded size, or, for a thumbnail of long
  /// side `targetLongSide`, one whose long side is ``ThumbnailOptions/minimumFinalShrink``
  /// times that (so that the Lanczos resize still does the last step).
  static func decodeSize(width: Int, height: Int, request: DecodeRequest) -> (Int, Int) {
    guard let target = request.targetLongSide, request.options.shrinkOnLoad else {
      return (width, height)
    }
    let wanted = Int((request.options.minimumFinalShrink * Double(target)).rounded(.up))
    return ThumbnailOptions.size(ofWidth: width, height: height, longSide: max(1, wanted))
  }

  /// The EXIF-numbered transform of the display matrix: a mirror, then a clockwise turn.
  static func orientation(_ info: CImageCodecs_VideoInfo) -> ImageOrientation {
    switch (info.rotation, info.mirrored != 0) {
    case (90, false): .right
    case (180, false): .down
    case (270, false): .left
    case (0, true): .upMirrored
    case (90, true): .rightMirrored
    case (180, true): .downMirrored
    case (270, true): .leftMirrored
    default: .up
    }
  }

  /// The header of a movie: the displayed size, nothing left to rotate, and its facts.
  static func header(_ info: CImageCodecs_VideoInfo) -> ImageHeader {
    let swaps = orientation(info).swapsWidthAndHeight
    var header = ImageHeader(
      width: Int(swaps ? info.height : info.width), height: Int(swaps ? info.width : info.height))
    header.video = facts(info)
    return header
  }

  static func facts(_ info: CImageCodecs_VideoInfo) -> VideoFacts {
    let date = string(info.creationDate)
    return VideoFacts(
      duration: info.duration >= 0 ? info.duration : nil,
      frameRate: info.frameRate > 0 ? info.frameRate : nil,
      frameCount: info.frameCount > 0 ? Int(info.frameCount) : nil,
      codec: string(info.codec) ?? "unknown",
      creationDate: date,
      creationDateSource: date == nil
        ? nil
        : info.creationDateSource == CImageCodecs_videoDateQuickTimeKey
          ? .quickTimeKey : .movieHeader,
      contentIdentifier: string(info.contentIdentifier),
      rotation: Int(info.rotation), mirrored: info.mirrored != 0,
      captureFrameRate: info.captureFrameRate > 0 ? info.captureFrameRate : nil,
      hasAudio: info.hasAudio != 0)
  }

  /// A NUL-terminated C array of a struct, or nil when empty.
  private static func string<T>(_ tuple: T) -> String? {
    let text = withUnsafeBytes(of: tuple) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? nil : text
  }

  // MARK: C calls

  private struct Failure: Error {
    var status: CImageCodecs_Status
    var decodeError: DecodeError
  }

  private func readInfo(_ video: OpaquePointer, reader: HeaderReader = .automatic) -> Result<
    CImageCodecs_VideoInfo, Failure
  > {
    var info = CImageCodecs_VideoInfo()
    let status = CImageCodecs_videoReadInfoWith(video, &info, reader.value)
    guard status == CImageCodecs_statusOK else {
      return .failure(Failure(status: status, decodeError: failure(status, video)))
    }
    return .success(info)
  }

  private func failure(_ status: CImageCodecs_Status, _ video: OpaquePointer) -> DecodeError {
    DecodeError(status: status, message: CImageCodecs_videoMessage(video), name: name)
  }

  private func withReader<T>(
    _ input: Input, _ body: (OpaquePointer) -> Result<T, DecodeError>
  ) -> Result<T, DecodeError> {
    switch input {
    case .bytes(let bytes):
      return withCodecHandle(
        over: bytes, kind: "movie reader",
        create: { CImageCodecs_videoCreate($0, $1, timeLimit) },
        destroy: { CImageCodecs_videoDestroy($0) }, body)
    case .file(let file):
      guard
        let video = CImageCodecs_videoCreateFromFile(
          file.descriptor, Int64(file.size), timeLimit)
      else {
        return .failure(DecodeError(.exceedsLimits, reason: "out of memory for a movie reader"))
      }
      defer { CImageCodecs_videoDestroy(video) }
      return body(video)
    }
  }
}
