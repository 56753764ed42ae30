/// What a movie's header says beyond its pixel size: the facts PhotoKit derives a video
/// asset's `duration`, `creationDate`, `mediaSubtypes` and Live Photo pairing from.
///
/// Read by ``VideoCodec`` from the `moov` box with libavformat, without decoding a frame; the
/// counterpart of the `AVAsset` properties (`duration`, `nominalFrameRate`,
/// `preferredTransform`, `commonMetadata`) that Photos reads.
public struct VideoFacts: Sendable, Equatable, Codable {
  /// Where ``creationDate`` was read from.
  public enum DateSource: String, Sendable, Equatable, Codable {
    /// The `com.apple.quicktime.creationdate` key: local time with its UTC offset, written
    /// by iPhones ("2025-08-06T17:14:21-0500").
    case quickTimeKey
    /// The movie header's creation time (`mvhd`), in UTC as FFmpeg formats it
    /// ("2025-08-06T22:14:22.000000Z").
    case movieHeader
  }

  /// The movie's length in seconds, when the header gives one.
  public var duration: Double?
  /// The video track's average frame rate (frames per second of playback), when known.
  public var frameRate: Double?
  /// Frames in the video track, when the header counts them.
  public var frameCount: Int?
  /// FFmpeg's name of the video codec: `"h264"`, `"hevc"`, …
  public var codec: String
  /// The creation date as written in the file, see ``creationDateSource``.
  public var creationDate: String?
  /// Where ``creationDate`` came from; nil when there is none.
  public var creationDateSource: DateSource?
  /// `com.apple.quicktime.content.identifier`: the identifier a Live Photo's movie shares
  /// with its still image.
  public var contentIdentifier: String?
  /// Clockwise degrees (0, 90, 180, 270) the track's display matrix turns the coded frames;
  /// already applied to the header's size and to decoded posters.
  public var rotation: Int
  /// Whether the display matrix mirrors the frames (before ``rotation``).
  public var mirrored: Bool
  /// The rate the camera captured at, from Android's `com.android.capture.fps` key; nil when
  /// the file does not say (iPhones do not write it).
  public var captureFrameRate: Double?
  /// Whether the movie has an audio track.
  public var hasAudio: Bool

  public init(
    duration: Double? = nil, frameRate: Double? = nil, frameCount: Int? = nil, codec: String,
    creationDate: String? = nil, creationDateSource: DateSource? = nil,
    contentIdentifier: String? = nil, rotation: Int = 0, mirrored: Bool = false,
    captureFrameRate: Double? = nil, hasAudio: Bool = false
  ) {
    self.duration = duration
    self.frameRate = frameRate
    self.frameCount = frameCount
    self.codec = codec
    self.creationDate = creationDate
    self.creationDateSource = creationDateSource
    self.contentIdentifier = contentIdentifier
    self.rotation = rotation
    self.mirrored = mirrored
    self.captureFrameRate = captureFrameRate
    self.hasAudio = hasAudio
  }
}

extension VideoFacts {
  /// Frame rates from this one up count as high frame rate (slow-motion capture): iPhones
  /// record slow motion at 120 or 240 fps and everything else at 60 fps or less.
  public static let highFrameRateThreshold = 100.0

  /// A time-lapse plays at least this many times faster than it was captured.
  public static let timelapseSpeedUp = 2.0

  /// Whether the movie was captured at a high frame rate (PhotoKit's `videoHighFrameRate`):
  /// the capture rate when the file records one, else the track's own rate, is at least
  /// ``highFrameRateThreshold``.
  public var isHighFrameRate: Bool {
    guard let rate = captureFrameRate ?? frameRate else { return false }
    return rate >= Self.highFrameRateThreshold
  }

  /// Whether the movie is a time-lapse (PhotoKit's `videoTimelapse`): the file records a
  /// capture rate, and the track plays at least ``timelapseSpeedUp`` times faster. Movies
  /// without a capture rate (every iPhone movie) are never called time-lapses.
  public var isTimelapse: Bool {
    guard let capture = captureFrameRate, let frameRate, capture > 0 else { return false }
    return frameRate / capture >= Self.timelapseSpeedUp
  }
}
