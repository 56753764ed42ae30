import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// A grid cell: the asset it shows and its thumbnail.
final class GridCell {
  var representedAssetIdentifier: String?
  var thumbnailImage: UIImage? {
    didSet { onThumbnail?(thumbnailImage) }
  }
  var onThumbnail: ((UIImage?) -> Void)?
}

/// A photo grid: fetches the library sorted by date, sizes thumbnails for the screen and asks a
/// caching image manager for each visible cell.
class AssetGridViewController: UIViewController {
  var fetchResult: PHFetchResult<PHAsset>!
  var itemSide: CGFloat = 60
  private let imageManager = PHCachingImageManager()
  private var thumbnailSize: CGSize = .zero
  private var cachedIdentifiers: [String] = []

  /// Each result handed to a cell, with whether it was a degraded one.
  private(set) var deliveries: [(identifier: String, size: CGSize, degraded: Bool)] = []
  var onDelivery: (() -> Void)?

  override func viewDidLoad() {
    super.viewDidLoad()
    imageManager.stopCachingImagesForAllAssets()
    if fetchResult == nil {
      let allPhotosOptions = PHFetchOptions()
      allPhotosOptions.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
      fetchResult = PHAsset.fetchAssets(with: allPhotosOptions)
    }
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    let scale = UIScreen.main.scale
    thumbnailSize = CGSize(width: itemSide * scale, height: itemSide * scale)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    updateCachedAssets()
  }

  var numberOfItems: Int { fetchResult.count }

  func cellForItem(at index: Int) -> GridCell {
    let asset = fetchResult.object(at: index)
    let cell = GridCell()
    cell.representedAssetIdentifier = asset.localIdentifier
    imageManager.requestImage(
      for: asset, targetSize: thumbnailSize, contentMode: .aspectFill, options: nil
    ) { image, info in
      guard cell.representedAssetIdentifier == asset.localIdentifier, let image = image else {
        return
      }
      let isDegraded = (info?[PHImageResultIsDegradedKey] as? NSNumber)?.boolValue ?? false
      self.deliveries.append((asset.localIdentifier, image.size, isDegraded))
      cell.thumbnailImage = image
      self.onDelivery?()
    }
    return cell
  }

  private func updateCachedAssets() {
    guard let fetchResult = fetchResult, fetchResult.count > 0 else { return }
    let visible = fetchResult.objects(at: IndexSet(integersIn: 0..<min(fetchResult.count, 30)))
    let added = visible.filter { !cachedIdentifiers.contains($0.localIdentifier) }
    imageManager.startCachingImages(
      for: added, targetSize: thumbnailSize, contentMode: .aspectFill, options: nil)
    cachedIdentifiers += added.map { $0.localIdentifier }
  }
}

#if !canImport(UIKit)
  // UIKit's view controllers are main-actor types; the Linux stand-in is `@unchecked Sendable`
  // instead, which subclasses restate.
  extension AssetGridViewController: @unchecked Sendable {}
#endif
