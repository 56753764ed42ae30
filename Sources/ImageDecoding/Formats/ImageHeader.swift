/// What a format's header says, read without decoding pixel data: the size as stored, the
/// transform that still has to be applied to display the image upright, and its metadata.
public struct ImageHeader: Sendable, Equatable {
  /// Width as stored (before ``orientation`` is applied).
  public var width: Int
  /// Height as stored (before ``orientation`` is applied).
  public var height: Int
  /// The transform that displays the decoded image upright. For JPEG and PNG it is the EXIF
  /// orientation; a format whose decoder already applies its own transformations (HEIF's
  /// `irot`/`imir`) reports `.up`, so that nothing is rotated twice.
  public var orientation: ImageOrientation
  /// The EXIF fields read from the file (dates and the like), whatever ``orientation`` says.
  public var metadata: EXIFMetadata
  /// Frames of an animation (1 for a still image).
  public var frameCount: Int
  /// Each frame's display time in seconds, for an animation; empty for a still image.
  public var frameDurations: [Double]
  /// What a movie's header says (duration, frame rate, creation date, …); nil for images.
  public var video: VideoFacts?

  public init(
    width: Int, height: Int, orientation: ImageOrientation = .up,
    metadata: EXIFMetadata = EXIFMetadata(), frameCount: Int = 1, frameDurations: [Double] = [],
    video: VideoFacts? = nil
  ) {
    self.width = width
    self.height = height
    self.orientation = orientation
    self.metadata = metadata
    self.frameCount = frameCount
    self.frameDurations = frameDurations
    self.video = video
  }
}
