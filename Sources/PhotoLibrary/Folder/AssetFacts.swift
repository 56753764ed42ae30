import Foundation
import ImageDecoding

/// What the library keeps of one file's header: everything an ``Asset`` needs that the file
/// says, computed by ``init(info:xmp:timeZone:)`` alone so that it can be cached per file.
///
/// The pairing of Live Photos works on these facts (see `LivePhotoPairing`); favourites and
/// hidden are the library's, not the file's, and are not here.
public struct AssetFacts: Sendable, Equatable, Hashable, Codable {
  public var mediaType: MediaType
  /// Subtypes the file itself shows (never `photoLive`: that takes two files).
  public var mediaSubtypes: MediaSubtypes
  public var traits: AssetTraits
  /// Pixel size after EXIF orientation or the movie's rotation.
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// The EXIF `DateTimeOriginal` or the movie's creation instant, when the file gives one.
  public var creationDate: Date?
  /// A movie's length in seconds; 0 for images.
  public var duration: Double
  /// A Live Photo's identifier: Apple's MakerNote ContentIdentifier in a still,
  /// `com.apple.quicktime.content.identifier` in a movie.
  public var contentIdentifier: String?

  public init(
    mediaType: MediaType, mediaSubtypes: MediaSubtypes = [], traits: AssetTraits = [],
    pixelWidth: Int, pixelHeight: Int, creationDate: Date? = nil, duration: Double = 0,
    contentIdentifier: String? = nil
  ) {
    self.mediaType = mediaType
    self.mediaSubtypes = mediaSubtypes
    self.traits = traits
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.creationDate = creationDate
    self.duration = duration
    self.contentIdentifier = contentIdentifier
  }

  /// iOS writes these `CustomRendered` values for HDR photos (2: HDR, 3: HDR with the original
  /// kept, 7: portrait HDR).
  static let hdrRenderings: Set<Int> = [2, 3, 7]
  /// iOS's `CustomRendered` value for a panorama.
  static let panoramaRendering = 6

  /// The XMP properties read here; a packet naming none of them is not kept (see `FileFacts`).
  static let xmpProperties = [
    "GPano:ProjectionType", "GPano:UsePanoramaViewer", "exif:UserComment",
  ]

  /// The facts of a file from its header and, for an image, its XMP packet.
  public init(info: ImageInfo, xmp: XMPPacket? = nil, timeZone: TimeZone) {
    self.init(mediaType: .image, pixelWidth: info.width, pixelHeight: info.height)
    if let video = info.video {
      mediaType = .video
      duration = video.duration ?? 0
      creationDate = video.creationInstant
      contentIdentifier = video.contentIdentifier
      if video.isHighFrameRate { mediaSubtypes.insert(.videoHighFrameRate) }
      if video.isTimelapse { mediaSubtypes.insert(.videoTimelapse) }
      return
    }
    if let text = info.dateTimeOriginal {
      creationDate = EXIFDate.parse(text, timeZone: timeZone)
    }
    let capture = info.capture
    contentIdentifier = capture.contentIdentifier
    if info.frameCount > 1 { traits.insert(.animated) }
    if let lens = capture.lensModel, lens.lowercased().contains("front") {
      traits.insert(.frontCamera)
    }
    if let rendered = capture.customRendered, Self.hdrRenderings.contains(rendered) {
      mediaSubtypes.insert(.photoHDR)
    }
    if capture.appleHDRImageType == 3 { mediaSubtypes.insert(.photoHDR) }
    if capture.customRendered == Self.panoramaRendering
      || xmp?.value(of: "GPano:ProjectionType") == "equirectangular"
      || xmp?.value(of: "GPano:UsePanoramaViewer")?.lowercased() == "true"
    {
      mediaSubtypes.insert(.photoPanorama)
    }
    let comment = capture.userComment ?? xmp?.value(of: "exif:UserComment")
    if comment == "Screenshot" { mediaSubtypes.insert(.photoScreenshot) }
  }
}
