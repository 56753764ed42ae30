import Foundation
import PhotoLibrary

/// Fetching assets: only what the current access lets the app see
/// (docs/permission-model.md#reading-and-writing), with
/// the automatic limited-access alert at the first fetch of a launch
/// (permission-model#limited-access).
extension PHAsset {
  /// Every asset the app may see (all, the limited selection plus its own creations, or none);
  /// hidden ones only with `includeHiddenAssets`.
  public class func fetchAssets(with options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
    fetch(options) { _ in true }
  }

  /// The assets of `mediaType` (Live Photos are images).
  public class func fetchAssets(
    with mediaType: PHAssetMediaType, options: PHFetchOptions?
  ) -> PHFetchResult<PHAsset> {
    let type = mediaType.rawValue
    return fetch(options) { $0.mediaType.rawValue == type }
  }

  /// The visible assets of an album or smart album (the Hidden smart album holds the hidden
  /// ones; every other collection leaves them out).
  public class func fetchAssets(
    in assetCollection: PHAssetCollection, options: PHFetchOptions?
  ) -> PHFetchResult<PHAsset> {
    if let transient = assetCollection.transientAssets {
      let options = options?.snapshot() ?? PHFetchOptions()
      return PHFetchResult(options.apply(to: transient))
    }
    if let smartAlbum = assetCollection.smartAlbum {
      return fetch(options, includeHidden: smartAlbum == .allHidden) {
        smartAlbum.contains($0, now: Date())
      }
    }
    // An album ("Trips/2024") holds every asset below its folder.
    let album = assetCollection.localIdentifier
    return fetch(options) { $0.isInside(album) }
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
  ///
  /// The result is lazy: it keeps the engine's listing and the positions of the assets it
  /// includes (none when it includes them all, unsorted), and makes each `PHAsset` when first
  /// asked for; the same objects, in the same order, as the eager fetch (`query`) gives. A
  /// predicate and sort descriptors made from PhotoKit's keys are applied to the assets' values
  /// (see ``PHFetchOptions/assetValueFetch()``); any other makes the result eager.
  static func fetch(
    _ options: PHFetchOptions?, device: PhotoKitDevice = .current, includeHidden: Bool = false,
    where include: @escaping @Sendable (Asset) -> Bool
  ) -> PHFetchResult<PHAsset> {
    let options = options?.snapshot() ?? PHFetchOptions()
    let withHidden = includeHidden || options.includeHiddenAssets
    let query: @Sendable () -> [PHAsset] = {
      let edits = device.assetEdits()
      let assets = device.visibleAssets().filter { (withHidden || !$0.isHidden) && include($0) }
        .map { PHAsset($0, edit: edits[$0.id]) }
      return options.apply(to: assets)
    }
    guard let byValue = options.assetValueFetch() else {
      return PHFetchResult(query(), query: query).keeping(options)
    }
    let window = LazyAssetWindow(
      newestFirst: device.visibleAssetsNewestFirst(), edits: device.assetEdits(),
      limit: options.fetchLimit, byValue: byValue
    ) { (withHidden || !$0.isHidden) && include($0) }
    return PHFetchResult(
      count: window.count, make: window.object(at:), mediaType: window.mediaType(at:),
      query: query
    ).keeping(options)
  }
}

extension PhotoKitDevice {
  /// The assets the engine lets the app see, oldest first (errors reported, none returned).
  func visibleAssets() -> [Asset] { visibleAssetsNewestFirst().reversed() }

  /// The assets the engine lets the app see, in its listing's order: newest first (errors
  /// reported, none returned).
  func visibleAssetsNewestFirst() -> AssetList {
    do {
      return try phone.visibleAssets()
    } catch {
      handle(error)
      return []
    }
  }

  /// Identifiers with placeholders replaced by the ids of the assets they became.
  func resolve(_ identifiers: [String]) -> [String] {
    phone.launch.resolve(identifiers)
  }
}
