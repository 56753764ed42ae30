/// What the header says about an image, read without decoding any pixel data.
///
/// The counterpart of `CGImageSourceCopyPropertiesAtIndex`'s pixel size, orientation and
/// `kCGImagePropertyExifDateTimeOriginal`, plus the frame facts of an animation.
public struct ImageInfo: Sendable, Equatable, Codable {
  public var format: ImageFormat
  /// Width after orientation is applied.
  public var width: Int
  /// Height after orientation is applied.
  public var height: Int
  /// EXIF orientation 1–8 still to apply to the stored pixels (1 when absent or invalid, and
  /// for formats whose decoder applies its own transformations).
  public var orientation: Int
  /// EXIF `DateTimeOriginal` as written in the file ("YYYY:MM:DD HH:MM:SS"), if present.
  public var dateTimeOriginal: String?
  /// Frames of an animation (1 for a still image).
  public var frameCount: Int
  /// Each frame's display time in seconds, for an animation; empty for a still image.
  public var frameDurations: [Double]
  /// A movie's facts (duration, frame rate, creation date, Live Photo identifier, …), read
  /// from its header; nil for images.
  public var video: VideoFacts?
  /// The EXIF capture facts (lens, rendering, Apple's MakerNote); empty for movies and for
  /// images without EXIF.
  public var capture: CaptureTags = CaptureTags()
  /// The file's XMP packet, for the formats whose packet is looked for (JPEG and PNG: a
  /// screenshot's comment, a panorama's GPano keys); filled by the library scan, not by
  /// ``ImageDecoder/info(ofFileAt:)``.
  public var xmp: XMPPacket?

  public init(
    format: ImageFormat, width: Int, height: Int, orientation: Int = 1,
    dateTimeOriginal: String? = nil, frameCount: Int = 1, frameDurations: [Double] = [],
    video: VideoFacts? = nil
  ) {
    self.format = format
    self.width = width
    self.height = height
    self.orientation = orientation
    self.dateTimeOriginal = dateTimeOriginal
    self.frameCount = frameCount
    self.frameDurations = frameDurations
    self.video = video
  }

  /// The info of `header`, read from a file of `format`.
  public init(format: ImageFormat, header: ImageHeader) {
    let swaps = header.orientation.swapsWidthAndHeight
    self.init(
      format: format, width: swaps ? header.height : header.width,
      height: swaps ? header.width : header.height, orientation: header.orientation.rawValue,
      dateTimeOriginal: header.metadata.dateTimeOriginal, frameCount: header.frameCount,
      frameDurations: header.frameDurations, video: header.video)
    capture = header.metadata.capture
  }
}
