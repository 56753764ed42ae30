import Foundation

/// An image manager that prepares images ahead. Mirrors `PHCachingImageManager`; the caching
/// calls are accepted and change nothing (results come from the decoder's shrink-on-load, as
/// fast as a cache hit would be for a folder on disk), so results are the same as
/// `PHImageManager`'s.
public final class PHCachingImageManager: PHImageManager, @unchecked Sendable {
  public var allowsCachingHighQualityImages = true

  public func startCachingImages(
    for assets: [PHAsset], targetSize: CGSize, contentMode: PHImageContentMode,
    options: PHImageRequestOptions?
  ) {}

  public func stopCachingImages(
    for assets: [PHAsset], targetSize: CGSize, contentMode: PHImageContentMode,
    options: PHImageRequestOptions?
  ) {}

  public func stopCachingImagesForAllAssets() {}
}
