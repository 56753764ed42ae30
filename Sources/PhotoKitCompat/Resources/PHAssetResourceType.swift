/// The role of a resource in an asset. Mirrors `PHAssetResourceType`, raw values included.
///
/// The folder library has `photo`, `video` and, for a Live Photo, `pairedVideo`; the other
/// cases exist for source compatibility.
public enum PHAssetResourceType: Int, Sendable, Equatable, Hashable {
  case photo = 1
  case video = 2
  case audio = 3
  case alternatePhoto = 4
  case fullSizePhoto = 5
  case fullSizeVideo = 6
  case adjustmentData = 7
  case adjustmentBasePhoto = 8
  case pairedVideo = 9
  case fullSizePairedVideo = 10
  case adjustmentBasePairedVideo = 11
  case adjustmentBaseVideo = 12
  case photoProxy = 19
}
