import Foundation

extension PHAssetCollection {
  /// The earliest creation date of a moment: nil for albums and smart albums, as on iOS
  /// (moments are gone since iOS 13). Mirrors `startDate`.
  public var startDate: Date? { nil }
  /// The latest creation date of a moment: nil (see `startDate`). Mirrors `endDate`.
  public var endDate: Date? { nil }
  /// A moment's place: nil (see `startDate`). Mirrors `approximateLocation`.
  public var approximateLocation: CLLocation? { nil }
  /// A moment's place names: none (see `startDate`). Mirrors `localizedLocationNames`.
  public var localizedLocationNames: [String] { [] }

  /// A collection of `assets` that is not in the library (for showing a selection as an
  /// album): `PHAsset.fetchAssets(in:options:)` gives them back, the options applied.
  /// Mirrors `transientAssetCollection(with:title:)`.
  public class func transientAssetCollection(with assets: [PHAsset], title: String?)
    -> PHAssetCollection
  {
    PHAssetCollection(transient: assets, title: title)
  }

  /// `transientAssetCollection(with:title:)` over a fetch result's assets. Mirrors
  /// `transientAssetCollection(withAssetFetchResult:title:)`.
  public class func transientAssetCollection(
    withAssetFetchResult fetchResult: PHFetchResult<PHAsset>, title: String?
  ) -> PHAssetCollection {
    PHAssetCollection(transient: fetchResult.objects, title: title)
  }

  /// Moments: none, as on iOS since 13 (the folder library has none). Mirrors
  /// `fetchMoments(with:)`.
  public class func fetchMoments(with options: PHFetchOptions?) -> PHFetchResult<PHAssetCollection>
  {
    PHFetchResult([])
  }

  /// The moments of a moment list: none (see `fetchMoments(with:)`). Mirrors
  /// `fetchMoments(inMomentList:options:)`.
  public class func fetchMoments(
    inMomentList momentList: PHCollectionList, options: PHFetchOptions?
  )
    -> PHFetchResult<PHAssetCollection>
  {
    PHFetchResult([])
  }

  /// Albums by Assets Library group URLs (iOS 8 and older): none, as no folder album has such
  /// a URL. Mirrors `fetchAssetCollections(withALAssetGroupURLs:options:)`.
  public class func fetchAssetCollections(
    withALAssetGroupURLs assetGroupURLs: [URL], options: PHFetchOptions?
  ) -> PHFetchResult<PHAssetCollection> {
    PHFetchResult([])
  }
}
