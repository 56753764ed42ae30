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

  /// The item for `asset`, read from its file's header; nil when it cannot be read.
  init?(_ asset: Asset) {
    guard let info = try? ImageDecoder.info(ofFileAt: asset.url.path) else { return nil }
    id = asset.id
    url = asset.url
    typeIdentifier = info.format.uniformTypeIdentifier
    if let video = info.video {
      pairedMovie = nil
      kinds = [.video]
      if video.isHighFrameRate { kinds.insert(.slomoVideo) }
      if video.isTimelapse { kinds.insert(.timelapseVideo) }
    } else {
      pairedMovie = PhotoKitDevice.pairedMovie(ofPhotoAt: asset.url)
      kinds = pairedMovie == nil ? [.image] : [.image, .livePhoto]
    }
  }
}
