import AVFoundationCompat
import Foundation
import UIKitCompat

/// What an editor starts from: the asset's photo (or movie) as a file it may read, a
/// display-size image and the saved edit's adjustment data when the editor can reopen it.
/// Mirrors `PHContentEditingInput`.
public final class PHContentEditingInput: NSObject, @unchecked Sendable {
  public let mediaType: PHAssetMediaType
  public let mediaSubtypes: PHAssetMediaSubtype
  public let creationDate: Date?
  /// Always nil: the folder library keeps no locations.
  public let location: CLLocation? = nil
  /// The format of the file at `fullSizeImageURL` ("public.jpeg", "public.heic").
  public let uniformTypeIdentifier: String?
  /// The saved edit's data when `canHandleAdjustmentData` accepted it (the input is then the
  /// original); nil otherwise.
  public let adjustmentData: PHAdjustmentData?
  /// The photo decoded to the size of the main screen (nil for videos).
  public let displaySizeImage: UIImage?
  /// A copy of the photo to edit, readable by the app (nil for videos).
  public let fullSizeImageURL: URL?
  /// The EXIF orientation (1–8) still to apply to the file's pixels.
  public let fullSizeImageOrientation: Int32
  /// The movie to edit (nil for photos).
  public let audiovisualAsset: AVAsset?
  /// Always nil: Live Photos are edited as their still.
  public let livePhoto: PHLivePhoto? = nil
  /// The asset the input was made for.
  let assetLocalIdentifier: String
  /// How the content plays: the asset's style, a Live Photo's `.image` (it is edited as its
  /// still). Mirrors `playbackStyle`.
  public let playbackStyle: PHAsset.PlaybackStyle
  /// The movie to edit. Mirrors the deprecated `avAsset` (`audiovisualAsset`).
  public var avAsset: AVAsset? { audiovisualAsset }

  init(
    asset: PHAsset, file: URL?, uniformTypeIdentifier: String?, orientation: Int32,
    displaySizeImage: UIImage?, adjustmentData: PHAdjustmentData?, movie: AVAsset?
  ) {
    mediaType = asset.mediaType
    mediaSubtypes = asset.mediaSubtypes
    creationDate = asset.creationDate
    self.uniformTypeIdentifier = uniformTypeIdentifier
    self.adjustmentData = adjustmentData
    self.displaySizeImage = displaySizeImage
    fullSizeImageURL = file
    fullSizeImageOrientation = orientation
    audiovisualAsset = movie
    assetLocalIdentifier = asset.localIdentifier
    playbackStyle = asset.playbackStyle == .livePhoto ? .image : asset.playbackStyle
    super.init()
  }
}
