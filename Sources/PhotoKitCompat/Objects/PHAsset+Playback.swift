import Foundation
import PhotoLibrary

extension PHAsset {
  /// How an asset plays. Mirrors `PHAsset.PlaybackStyle` (`PHAssetPlaybackStyle`), raw
  /// values included.
  public enum PlaybackStyle: Int, Sendable, Equatable, Hashable {
    case unsupported = 0
    case image = 1
    case imageAnimated = 2
    case livePhoto = 3
    case video = 4
    case videoLooping = 5
  }

  /// How the asset plays, from what the library knows of its files: a movie `.video`, a
  /// Live Photo `.livePhoto`, an animation of more than one frame (GIF, animated WebP)
  /// `.imageAnimated`, another photo `.image`. Mirrors `playbackStyle`; no folder asset
  /// loops (`.videoLooping` is a Photos-app effect).
  public var playbackStyle: PlaybackStyle {
    switch mediaType {
    case .video: .video
    case .image:
      mediaSubtypes.contains(.photoLive)
        ? .livePhoto : asset.traits.contains(.animated) ? .imageAnimated : .image
    default: .unsupported
    }
  }

  /// When the file came into the library (its modification time), the date Recently Added
  /// sorts by. Mirrors `addedDate`.
  public var addedDate: Date { asset.addedDate }

  /// Whether the asset has a saved edit (`PHContentEditingOutput` performed). Mirrors
  /// `hasAdjustments`.
  public var hasAdjustments: Bool { edit != nil }

  /// The format identifier of the saved edit's adjustment data, or nil. Mirrors
  /// `adjustmentFormatIdentifier`.
  public var adjustmentFormatIdentifier: String? { edit?.adjustment.formatIdentifier }
}
