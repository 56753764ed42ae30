import Foundation
import PhotoLibrary

/// Fetching assets: only what the current access lets the app see (PERMISSIONS.md §7), with
/// the automatic limited-access alert at the first fetch of a launch (§6).
extension PHAsset {
  /// Every asset the app may see (all, the limited selection plus its own creations, or none).
  public class func fetchAssets(with options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
    fetch(options) { _ in true }
  }

  /// The assets of `mediaType` (the folder library holds images only).
  public class func fetchAssets(
    with mediaType: PHAssetMediaType, options: PHFetchOptions?
  ) -> PHFetchResult<PHAsset> {
    fetch(options) { _ in mediaType == .image }
  }

  /// The visible assets of an album.
  public class func fetchAssets(
    in assetCollection: PHAssetCollection, options: PHFetchOptions?
  ) -> PHFetchResult<PHAsset> {
    let album = assetCollection.localIdentifier
    return fetch(options) { $0.album == album }
  }

  /// The visible assets among `identifiers` (placeholders' identifiers included). Hidden and
  /// missing ones are left out alike.
  public class func fetchAssets(
    withLocalIdentifiers identifiers: [String], options: PHFetchOptions?
  ) -> PHFetchResult<PHAsset> {
    let device = PhotoKitDevice.current
    let wanted = Set(device.resolve(identifiers))
    return fetch(options, device: device) { wanted.contains($0.id) }
  }

  /// A fetch through the engine, remembered so that change details can run it again.
  static func fetch(
    _ options: PHFetchOptions?, device: PhotoKitDevice = .current,
    where include: @escaping @Sendable (Asset) -> Bool
  ) -> PHFetchResult<PHAsset> {
    let options = options?.snapshot() ?? PHFetchOptions()
    let query: @Sendable () -> [PHAsset] = {
      let assets = device.visibleAssets().filter(include).map(PHAsset.init)
      return options.apply(to: assets)
    }
    return PHFetchResult(query(), query: query)
  }
}

extension PhotoKitDevice {
  /// The assets the engine lets the app see, oldest first (errors reported, none returned).
  func visibleAssets() -> [Asset] {
    do {
      return try session.fetchAssets().reversed()
    } catch {
      handle(error)
      return []
    }
  }

  /// Identifiers with placeholders replaced by the ids of the assets they became.
  func resolve(_ identifiers: [String]) -> [String] {
    let map = state.withLock { $0.placeholderIDs }
    return identifiers.map { map[$0] ?? $0 }
  }
}
