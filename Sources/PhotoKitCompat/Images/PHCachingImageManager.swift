import Foundation

/// An image manager that prepares images ahead. Mirrors `PHCachingImageManager`:
/// `startCachingImages` decodes the pictures a later `requestImage` with the same size, mode
/// and options will ask for into the shared `ImagePipeline` in the background, so that the
/// request finds them decoded. The cache is bounded by bytes (pictures used longest ago go
/// first); the stop calls leave that bound to do its work. Results are the same as
/// `PHImageManager`'s. An asset in iCloud only is prepared from the small version the device
/// keeps, as its request without network access would be made: caching never downloads, and
/// never reads the full version.
public final class PHCachingImageManager: PHImageManager, @unchecked Sendable {
  public var allowsCachingHighQualityImages = true

  public func startCachingImages(
    for assets: [PHAsset], targetSize: CGSize, contentMode: PHImageContentMode,
    options: PHImageRequestOptions?
  ) {
    let options = options?.copy() as? PHImageRequestOptions ?? PHImageRequestOptions()
    let plan = ImageRequestPlan(targetSize: targetSize, contentMode: contentMode, options: options)
    let device = PhotoKitDevice.current
    let ids = assets.map(\.localIdentifier)
    device.queue.async {
      for id in ids {
        guard let asset = device.offloadedAsset(id: id) else {
          _ = device.loadImage(id: id, plan: plan, stage: .final)
          continue
        }
        let fits = !plan.exceedsLocalVersion(width: asset.pixelWidth, height: asset.pixelHeight)
        _ = device.loadLocalVersion(asset, plan: plan, stage: fits ? .final : .degraded)
      }
    }
  }

  public func stopCachingImages(
    for assets: [PHAsset], targetSize: CGSize, contentMode: PHImageContentMode,
    options: PHImageRequestOptions?
  ) {}

  public func stopCachingImagesForAllAssets() {}
}
