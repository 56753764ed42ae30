import Foundation
import PhotoLibrary

/// An image in the library. Mirrors `PHAsset` (images only: the folder library holds JPEG
/// and PNG files).
public final class PHAsset: PHObject, @unchecked Sendable {
  /// Width after EXIF orientation (0 when the header could not be read).
  public let pixelWidth: Int
  public let pixelHeight: Int
  /// EXIF `DateTimeOriginal` when present, else the file's modification time.
  public let creationDate: Date?
  /// The same as `creationDate` (the folder library keeps no edit history).
  public let modificationDate: Date?
  /// Always `.image`.
  public let mediaType: PHAssetMediaType = .image
  public let mediaSubtypes: PHAssetMediaSubtype = []
  /// Always 0 (images).
  public let duration: TimeInterval = 0
  public let isFavorite = false
  public let isHidden = false
  public let sourceType: PHAssetSourceType = .typeUserLibrary

  /// The engine's asset (its file, its album).
  let asset: Asset

  init(_ asset: Asset) {
    self.asset = asset
    pixelWidth = asset.pixelWidth
    pixelHeight = asset.pixelHeight
    creationDate = asset.creationDate
    modificationDate = asset.creationDate
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

/// Subtypes of a media type (panorama, HDR…). Mirrors `PHAssetMediaSubtype`; the folder
/// library reports none.
public struct PHAssetMediaSubtype: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let photoPanorama = PHAssetMediaSubtype(rawValue: 1 << 0)
  public static let photoHDR = PHAssetMediaSubtype(rawValue: 1 << 1)
  public static let photoScreenshot = PHAssetMediaSubtype(rawValue: 1 << 2)
  public static let photoLive = PHAssetMediaSubtype(rawValue: 1 << 3)
  public static let photoDepthEffect = PHAssetMediaSubtype(rawValue: 1 << 4)
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
