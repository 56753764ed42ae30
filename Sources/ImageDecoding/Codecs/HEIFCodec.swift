import CImageCodecs
import Foundation

/// The one Swift funnel over `CImageCodecs_heif*` (libheif with its HEVC plugin): header reads
/// from the boxes, and decodes of the primary image (tile grids, `irot`/`imir`/`clap` applied
/// by libheif) or, for a thumbnail no larger than it, of the embedded thumbnail. Errors carry
/// no path; ``ImageDecoder`` adds it.
///
/// libheif applies the HEIF transformations, so the header's orientation is always `.up`: the
/// EXIF orientation an iPhone also writes is reported in the metadata and never applied twice.
struct HEIFCodec: ImageCodec {
  let format = ImageFormat.heif
  let name = "HEIF"
  /// A box size, `ftyp` and the major brand.
  let signatureLength = 12
  let fileExtensions = ["heic", "heif", "hif"]
  let mimeType = "image/heif"
  let uniformTypeIdentifier = "public.heic"

  /// Major brands of HEIF files with HEVC or uncompressed images (not AVIF: no AV1 decoder).
  static let brands: Set<String> = [
    "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1",
  ]

  func matches(_ head: [UInt8]) -> Bool {
    guard head.count >= 12, head[4...7].elementsEqual("ftyp".utf8) else { return false }
    return Self.brands.contains(String(decoding: head[8...11], as: UTF8.self))
  }

  func header(_ bytes: [UInt8]) throws(DecodeError) -> ImageHeader? {
    let result: Result<ImageHeader?, DecodeError> = Self.withContext(bytes, limits: .default) {
      heif in
      var raw = CImageCodecs_HEIFHeader()
      let status = CImageCodecs_heifReadHeader(heif, &raw)
      if status == CImageCodecs_statusTruncated { return .success(nil) }
      return Self.header(heif, status, raw).map { $0.truncated ? nil : $0.header }
    }
    return try result.get()
  }

  func decode(_ bytes: [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
    let result: Result<DecodedImage, DecodeError> = Self.withContext(
      bytes, limits: request.limits
    ) { heif in
      let read: Header
      var raw = CImageCodecs_HEIFHeader()
      switch Self.header(heif, CImageCodecs_heifReadHeader(heif, &raw), raw) {
      case .success(let value): read = value
      case .failure(let error): return .failure(error)
      }
      let header = read.header
      do throws(DecodeError) {
        try request.limits.check(
          width: header.width, height: header.height, bytesPerPixel: read.bitDepth > 8 ? 8 : 4,
          format: .heif)
      } catch {
        return .failure(error)
      }
      let thumbnail = Self.usesThumbnail(read, request: request)
      let shrink = Self.shrinkFactors(read, request: request, thumbnail: thumbnail)
      var width: UInt32 = 0
      var height: UInt32 = 0
      let decoded = CImageCodecs_heifDecode(
        heif, thumbnail ? 1 : 0, UInt32(shrink.x), UInt32(shrink.y), &width, &height)
      guard decoded == CImageCodecs_statusOK else {
        return .failure(Self.error(decoded, heif))
      }
      let (image, status) = PixelImage.filled(width: Int(width), height: Int(height)) {
        CImageCodecs_heifCopyRGBA(heif, $0, $1)
      }
      guard let image else { return .failure(Self.error(status, heif)) }
      return .success(DecodedImage(image: image, header: header))
    }
    return try result.get()
  }

  // MARK: Internals

  /// What the header read found besides the ``ImageHeader``.
  struct Header {
    var header: ImageHeader
    var bitDepth: Int
    var thumbnailWidth: Int
    var thumbnailHeight: Int
    /// The bytes end before the Exif item (a prefix of the file).
    var truncated: Bool
  }

  /// Whether the embedded thumbnail is at least as large as the requested size and has the
  /// primary image's shape (as vipsthumbnail decides).
  static func usesThumbnail(_ read: Header, request: DecodeRequest) -> Bool {
    guard let target = request.targetLongSide, request.options.shrinkOnLoad,
      read.thumbnailWidth > 0, read.thumbnailHeight > 0
    else { return false }
    guard max(read.thumbnailWidth, read.thumbnailHeight) >= target else { return false }
    let full = read.header
    // Same orientation and aspect within one thumbnail pixel.
    let crossDifference = abs(read.thumbnailWidth * full.height - read.thumbnailHeight * full.width)
    return crossDifference <= max(full.width, full.height)
  }

  /// The box shrink the decode may do before the YCbCr → RGB conversion, on each axis: the
  /// largest divisor of the source size that is at most ``Resampler``'s own box factor (which
  /// leaves Lanczos at least 2×). ``ThumbnailOptions/minimumFinalShrink`` is not used: it trades
  /// quality for a cheaper JPEG DCT scale, while here every block costs the same. A divisor,
  /// because a partial last block would stretch the image by up to a block (half an output
  /// pixel at 4032 → 256 in blocks of 10). (1, 1) for full-size decodes.
  static func shrinkFactors(
    _ read: Header, request: DecodeRequest, thumbnail: Bool
  ) -> (x: Int, y: Int) {
    guard let target = request.targetLongSide, request.options.shrinkOnLoad else { return (1, 1) }
    let full = read.header
    let size = ThumbnailOptions.size(ofWidth: full.width, height: full.height, longSide: target)
    let source =
      thumbnail ? (read.thumbnailWidth, read.thumbnailHeight) : (full.width, full.height)
    func factor(_ from: Int, _ to: Int) -> Int {
      let largest = min(4096, Resampler.boxFactor(from: from, to: to))
      return (1...largest).last { from % $0 == 0 } ?? 1
    }
    return (factor(source.0, size.width), factor(source.1, size.height))
  }

  /// The threads libheif may decode with: the cores this process may use, asked once
  /// (Foundation reads the cgroup's files for each ask, and a scan reads every HEIF's header).
  private static let decodingThreads = Int32(ProcessInfo.processInfo.activeProcessorCount)

  private static func withContext<T>(
    _ bytes: [UInt8], limits: DecodeLimits, _ body: (OpaquePointer) -> Result<T, DecodeError>
  ) -> Result<T, DecodeError> {
    withCodecHandle(
      over: bytes, kind: "HEIF decoder",
      create: {
        CImageCodecs_heifCreate(
          $0, $1, UInt64(limits.maxPixels), UInt64(limits.maxBytes),
          decodingThreads)
      },
      destroy: { CImageCodecs_heifDestroy($0) }, body)
  }

  /// The header of a context whose ``CImageCodecs_heifReadHeader`` returned `status`.
  private static func header(
    _ heif: OpaquePointer, _ status: CImageCodecs_Status, _ raw: CImageCodecs_HEIFHeader
  ) -> Result<Header, DecodeError> {
    guard status == CImageCodecs_statusOK else { return .failure(error(status, heif)) }
    let tiff = [UInt8](copying: raw.exif, count: raw.exifLength)
    let metadata = tiff.isEmpty ? EXIFMetadata() : EXIFMetadata(tiff: tiff)
    let header = ImageHeader(
      width: Int(raw.width), height: Int(raw.height), orientation: .up, metadata: metadata)
    return .success(
      Header(
        header: header, bitDepth: Int(raw.bitDepth), thumbnailWidth: Int(raw.thumbnailWidth),
        thumbnailHeight: Int(raw.thumbnailHeight), truncated: raw.exifTruncated != 0))
  }

  private static func error(_ status: CImageCodecs_Status, _ heif: OpaquePointer) -> DecodeError {
    DecodeError(status: status, message: CImageCodecs_heifMessage(heif), name: "HEIF")
  }
}
