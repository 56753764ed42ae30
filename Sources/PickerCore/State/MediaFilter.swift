import PhotoLibrary

/// Which assets a picker offers. Mirrors `PHPickerFilter`'s `.images`, `.videos` and
/// `.livePhotos` (Live Photos are images too, as in PhotoKit).
public enum MediaFilter: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  case images
  case videos
  case livePhotos

  /// Whether `asset` passes the filter.
  public func matches(_ asset: Asset) -> Bool {
    switch self {
    case .images: asset.mediaType == .image
    case .videos: asset.mediaType == .video
    case .livePhotos: asset.mediaSubtypes.contains(.photoLive)
    }
  }
}
