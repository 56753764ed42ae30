import Foundation

/// Which photos of a burst were picked. Mirrors `PHAssetBurstSelectionType`, raw values
/// included.
public struct PHAssetBurstSelectionType: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let autoPick = PHAssetBurstSelectionType(rawValue: 1 << 0)
  public static let userPick = PHAssetBurstSelectionType(rawValue: 1 << 1)
}

extension PHAsset {
  /// The burst the photo belongs to: always nil, because a folder of files records no
  /// bursts (each file is an asset of its own). Mirrors `burstIdentifier`.
  public var burstIdentifier: String? { nil }

  /// Whether the asset stands for a burst: always false (see `burstIdentifier`). Mirrors
  /// `representsBurst`.
  public var representsBurst: Bool { false }

  /// How the photo was picked in its burst: empty (see `burstIdentifier`). Mirrors
  /// `burstSelectionTypes`.
  public var burstSelectionTypes: PHAssetBurstSelectionType { [] }

  /// The photos of the burst `burstIdentifier`: none, as no folder asset is in a burst.
  /// Mirrors `fetchAssets(withBurstIdentifier:options:)`.
  public class func fetchAssets(
    withBurstIdentifier burstIdentifier: String, options: PHFetchOptions?
  )
    -> PHFetchResult<PHAsset>
  {
    PHFetchResult([])
  }

  /// Assets by their Assets Library URLs (`assets-library://`, iOS 8 and older): none, as no
  /// folder asset has such a URL. Mirrors `fetchAssets(withALAssetURLs:options:)`.
  public class func fetchAssets(withALAssetURLs assetURLs: [URL], options: PHFetchOptions?)
    -> PHFetchResult<PHAsset>
  {
    PHFetchResult([])
  }
}
