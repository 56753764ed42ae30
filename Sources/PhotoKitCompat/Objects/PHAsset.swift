import Foundation
import PhotoLibrary

/// A photo, Live Photo or video in the library. Mirrors `PHAsset`.
public final class PHAsset: PHObject, @unchecked Sendable {
  /// Width after EXIF orientation (0 when the header could not be read).
  public let pixelWidth: Int
  public let pixelHeight: Int
  /// EXIF `DateTimeOriginal` when present, else the file's modification time.
  public let creationDate: Date?
  /// When the asset's saved edit was made; `creationDate` for an unedited asset.
  public let modificationDate: Date?
  /// `.image` (Live Photos included) or `.video`.
  public let mediaType: PHAssetMediaType
  /// What the files say (see docs/07-media-model.md): `photoLive`, `photoScreenshot`, …
  public let mediaSubtypes: PHAssetMediaSubtype
  /// A video's length in seconds; 0 for photos.
  public let duration: TimeInterval
  /// The library's favourite flag (every app sees the same).
  public let isFavorite: Bool
  /// The library's hidden flag; hidden assets are fetched only with `includeHiddenAssets`.
  public let isHidden: Bool
  public let sourceType: PHAssetSourceType = .typeUserLibrary

  /// The engine's asset (its file, its album).
  let asset: Asset
  /// Its saved edit, if any.
  let edit: AssetEdit?

  /// `edit` is the saved edit recorded under the asset's id; it is dropped when it was made to
  /// another file that had this name (a photo deleted, a new one saved under its name).
  init(_ asset: Asset, edit recorded: AssetEdit? = nil) {
    let edit = recorded.flatMap { $0.applies(to: asset) ? $0 : nil }
    self.asset = asset
    self.edit = edit
    pixelWidth = asset.pixelWidth
    pixelHeight = asset.pixelHeight
    creationDate = asset.creationDate
    modificationDate = edit?.date ?? asset.creationDate
    mediaType = PHAssetMediaType(rawValue: asset.mediaType.rawValue) ?? .unknown
    mediaSubtypes = PHAssetMediaSubtype(rawValue: asset.mediaSubtypes.rawValue)
    duration = asset.duration
    isFavorite = asset.isFavorite
    isHidden = asset.isHidden
    super.init(localIdentifier: asset.id)
  }
}

/// The kind of media of an asset. Mirrors `PHAssetMediaType`, raw values included.
@frozen public enum PHAssetMediaType: Int, Sendable, Equatable, Hashable {
  case unknown = 0
  case image = 1
  case video = 2
  case audio = 3
}

/// Subtypes of a media type (panorama, HDR, Live Photo, slow motion…). Mirrors
/// `PHAssetMediaSubtype`, raw values included.
public struct PHAssetMediaSubtype: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let photoPanorama = PHAssetMediaSubtype(rawValue: 1 << 0)
  public static let photoHDR = PHAssetMediaSubtype(rawValue: 1 << 1)
  public static let photoScreenshot = PHAssetMediaSubtype(rawValue: 1 << 2)
  public static let photoLive = PHAssetMediaSubtype(rawValue: 1 << 3)
  public static let photoDepthEffect = PHAssetMediaSubtype(rawValue: 1 << 4)
  public static let spatialMedia = PHAssetMediaSubtype(rawValue: 1 << 10)
  public static let videoStreamed = PHAssetMediaSubtype(rawValue: 1 << 16)
  public static let videoHighFrameRate = PHAssetMediaSubtype(rawValue: 1 << 17)
  public static let videoTimelapse = PHAssetMediaSubtype(rawValue: 1 << 18)
  public static let videoScreenRecording = PHAssetMediaSubtype(rawValue: 1 << 19)
  public static let videoCinematic = PHAssetMediaSubtype(rawValue: 1 << 21)
}

/// Where an asset comes from. Mirrors `PHAssetSourceType`; folder assets are the user's
/// library.
public struct PHAssetSourceType: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let typeUserLibrary = PHAssetSourceType(rawValue: 1 << 0)
  public static let typeCloudShared = PHAssetSourceType(rawValue: 1 << 1)
  public static let typeiTunesSynced = PHAssetSourceType(rawValue: 1 << 2)
}
