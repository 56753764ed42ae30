import Foundation
import ImageDecoding
@_spi(PhotosUICompat) import PhotoKitCompat
import PhotoLibrary

/// One library file as the system photo picker sees it: its id, file, type and kind.
struct PickerItem: Sendable, Equatable {
  /// What a filter can tell about an item.
  enum Kind: Sendable, Equatable, Hashable {
    case image, livePhoto, video, slomoVideo, timelapseVideo
  }

  var id: String
  var url: URL
  /// The uniform type identifier of the file ("public.jpeg", "com.apple.quicktime-movie").
  var typeIdentifier: String
  /// The Live Photo's movie, for a still paired with one.
  var pairedMovie: URL?
  var kinds: Set<Kind>
  /// `PHAsset.PlaybackStyle`'s raw value: a movie, a Live Photo, an animation or a photo.
  var playbackStyle: Int

  /// The item for `asset`, as the library classified it (media type, subtypes, the Live
  /// Photo's paired movie); nil when its file's format cannot be read.
  init?(_ asset: Asset) {
    guard let info = try? ImageDecoder.info(ofFileAt: asset.url.path) else { return nil }
    id = asset.id
    url = asset.url
    typeIdentifier = info.format.uniformTypeIdentifier
    pairedMovie = asset.pairedVideo?.url
    playbackStyle =
      asset.mediaType == .video
      ? PHAsset.PlaybackStyle.video.rawValue
      : asset.mediaSubtypes.contains(.photoLive)
        ? PHAsset.PlaybackStyle.livePhoto.rawValue
        : asset.traits.contains(.animated)
          ? PHAsset.PlaybackStyle.imageAnimated.rawValue : PHAsset.PlaybackStyle.image.rawValue
    switch asset.mediaType {
    case .video:
      kinds = [.video]
      if asset.mediaSubtypes.contains(.videoHighFrameRate) { kinds.insert(.slomoVideo) }
      if asset.mediaSubtypes.contains(.videoTimelapse) { kinds.insert(.timelapseVideo) }
    default:
      kinds = asset.mediaSubtypes.contains(.photoLive) ? [.image, .livePhoto] : [.image]
    }
  }
}
