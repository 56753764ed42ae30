import Foundation
import PhotoLibrary

extension PHAsset {
  /// The asset that stands for `assetCollection` in an album list, as a one-asset result;
  /// nil when the collection holds no visible asset. Mirrors `fetchKeyAssets(in:options:)`:
  /// the first asset in `options`' sort order; without one, an album's first asset (the
  /// oldest) and a smart album's newest, as the Photos app shows them. `options.predicate`
  /// narrows the candidates.
  public class func fetchKeyAssets(
    in assetCollection: PHAssetCollection, options: PHFetchOptions?
  ) -> PHFetchResult<PHAsset>? {
    let options = options?.snapshot() ?? PHFetchOptions()
    let kind: AssetCollection.Kind =
      assetCollection.smartAlbum.map { .smartAlbum($0) } ?? .album(assetCollection.localIdentifier)
    let unsorted = options.sortDescriptors == nil
    let query: @Sendable () -> [PHAsset] = {
      // Without a sort order a fetch gives the oldest first.
      let assets = PHAsset.fetchAssets(in: assetCollection, options: options).objects
      let key =
        unsorted
        ? AssetCollection.keyAsset(of: kind, newestFirst: assets.reversed()) : assets.first
      return key.map { [$0] } ?? []
    }
    let keys = query()
    return keys.isEmpty ? nil : PHFetchResult(keys, query: query)
  }
}

extension PHAssetCollection {
  /// The collections of `type` (albums or smart albums) that hold `asset`, as the app's
  /// access lets it list them. Mirrors `fetchAssetCollectionsContaining(_:with:options:)`.
  public class func fetchAssetCollectionsContaining(
    _ asset: PHAsset, with type: PHAssetCollectionType, options: PHFetchOptions?
  ) -> PHFetchResult<PHAssetCollection> {
    let options = options?.snapshot() ?? PHFetchOptions()
    let query: @Sendable () -> [PHAssetCollection] = {
      fetchAssetCollections(with: type, subtype: .any, options: options).objects.filter {
        PHAsset.fetchAssets(in: $0, options: nil).contains(asset)
      }
    }
    return PHFetchResult(query(), query: query)
  }
}
