#if !canImport(AVFoundation)
  import Foundation
  import ImageDecoding

  /// A timed media resource. Mirrors `AVAsset` (its facts only: `duration`,
  /// `preferredTransform`-free size and rate; there are no tracks to read on Linux).
  public class AVAsset: NSObject, @unchecked Sendable {
    /// The movie's length (`.invalid` when its header does not say).
    public let duration: CMTime
    /// The video's display size in pixels, rotation applied (zero when unknown).
    public let naturalSize: CGSize
    /// Frames per second of the video (0 when unknown).
    public let nominalFrameRate: Float
    /// Whether the movie has an audio track.
    public let hasAudio: Bool
    /// Whether the facts could be read: false for a file that is not a readable movie.
    public let isReadable: Bool

    init(facts: ImageInfo?) {
      let video = facts?.video
      duration = video?.duration.map { CMTime(seconds: $0, preferredTimescale: 600) } ?? .invalid
      naturalSize = CGSize(width: facts?.width ?? 0, height: facts?.height ?? 0)
      nominalFrameRate = Float(video?.frameRate ?? 0)
      hasAudio = video?.hasAudio ?? false
      isReadable = video != nil
      super.init()
    }
  }

  /// A movie file. Mirrors `AVURLAsset`: `url` plus the facts read from the file's header
  /// when it is made.
  public final class AVURLAsset: AVAsset, @unchecked Sendable {
    public let url: URL

    /// The movie at `url`; its facts are read now (`isReadable` is false if they cannot be).
    /// `options` are accepted for source compatibility and ignored.
    public init(url: URL, options: [String: Any]? = nil) {
      self.url = url
      super.init(facts: try? ImageDecoder.info(ofFileAt: url.path))
    }
  }

  /// Audio mixing parameters. Mirrors `AVAudioMix` (PhotoKit passes nil or an empty mix).
  public class AVAudioMix: NSObject, @unchecked Sendable {}
#endif
