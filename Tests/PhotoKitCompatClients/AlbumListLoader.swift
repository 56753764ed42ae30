import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// The rows of an "Albums" screen: Recents and Favorites first, then the user's albums, each
/// with its count and a thumbnail of its key photo. Also says which albums hold a photo and
/// deletes an album (its photos stay in the library).
final class AlbumListLoader {
  struct Row {
    let collection: PHAssetCollection
    let title: String
    let count: Int
    let keyAssetIdentifier: String?
  }

  let imageManager = PHCachingImageManager()
  let thumbnailSize = CGSize(width: 120 * UIScreen.main.scale, height: 120 * UIScreen.main.scale)

  func loadRows() -> [Row] {
    var collections: [PHAssetCollection] = []
    for subtype in [PHAssetCollectionSubtype.smartAlbumUserLibrary, .smartAlbumFavorites] {
      let smart = PHAssetCollection.fetchAssetCollections(
        with: .smartAlbum, subtype: subtype, options: nil)
      if let album = smart.firstObject { collections.append(album) }
    }
    let byTitle = PHFetchOptions()
    byTitle.sortDescriptors = [NSSortDescriptor(key: "localizedTitle", ascending: true)]
    PHAssetCollection.fetchAssetCollections(with: .album, subtype: .albumRegular, options: byTitle)
      .enumerateObjects { collection, _, _ in collections.append(collection) }

    let imagesOnly = PHFetchOptions()
    imagesOnly.predicate = NSPredicate(format: "mediaType == %d", PHAssetMediaType.image.rawValue)
    return collections.map { collection in
      let count = PHAsset.fetchAssets(in: collection, options: imagesOnly).count
      let key = PHAsset.fetchKeyAssets(in: collection, options: nil)?.firstObject
      return Row(
        collection: collection, title: collection.localizedTitle ?? "Untitled", count: count,
        keyAssetIdentifier: key?.localIdentifier)
    }
  }

  /// The thumbnail of `row`'s key photo, once (fast format).
  func thumbnail(for row: Row, completion: @escaping (UIImage?) -> Void) {
    guard let id = row.keyAssetIdentifier,
      let asset = PHAsset.fetchAssets(withLocalIdentifiers: [id], options: nil).firstObject
    else {
      completion(nil)
      return
    }
    let options = PHImageRequestOptions()
    options.deliveryMode = .highQualityFormat
    options.resizeMode = .fast
    imageManager.requestImage(
      for: asset, targetSize: thumbnailSize, contentMode: .aspectFill, options: options
    ) { image, _ in
      completion(image)
    }
  }

  /// The titles of the user albums `asset` is in, for the "Albums" line of an info sheet.
  func albumTitles(containing asset: PHAsset) -> [String] {
    var titles: [String] = []
    PHAssetCollection.fetchAssetCollectionsContaining(asset, with: .album, options: nil)
      .enumerateObjects { collection, _, _ in
        titles.append(collection.localizedTitle ?? "")
      }
    return titles
  }

  /// Deletes the album of `row` after the system asks the user.
  func delete(_ row: Row, completion: @escaping (Bool) -> Void) {
    guard row.collection.canPerform(.delete) else {
      completion(false)
      return
    }
    PHPhotoLibrary.shared().performChanges({
      PHAssetCollectionChangeRequest.deleteAssetCollections([row.collection] as NSArray)
    }) { success, _ in
      DispatchQueue.main.async { completion(success) }
    }
  }
}
