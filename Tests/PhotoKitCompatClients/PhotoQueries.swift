import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

/// The fetches a gallery screen makes, written as iOS apps write them: format predicates,
/// sort descriptors and limits.
enum PhotoQueries {
  /// The newest `limit` photos taken after `date`.
  static func photos(takenAfter date: Date, limit: Int) -> PHFetchResult<PHAsset> {
    let options = PHFetchOptions()
    options.predicate = NSPredicate(
      format: "mediaType == %d AND creationDate > %@", PHAssetMediaType.image.rawValue,
      date as NSDate)
    options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
    options.fetchLimit = limit
    return PHAsset.fetchAssets(with: options)
  }

  /// Every photo but the ones already picked.
  static func photos(excluding identifiers: [String]) -> PHFetchResult<PHAsset> {
    let options = PHFetchOptions()
    options.predicate = NSPredicate(format: "NOT (localIdentifier IN %@)", identifiers)
    return PHAsset.fetchAssets(with: .image, options: options)
  }

  /// The favourites, newest first.
  static func favorites() -> PHFetchResult<PHAsset> {
    let options = PHFetchOptions()
    options.predicate = NSPredicate(format: "isFavorite == YES")
    options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
    return PHAsset.fetchAssets(with: options)
  }

  /// Live Photos or panoramas (Apple's documented bit-mask form).
  static func livePhotosOrPanoramas() -> PHFetchResult<PHAsset> {
    let options = PHFetchOptions()
    options.predicate = NSPredicate(
      format: "(mediaSubtypes & %d) != 0 || (mediaSubtypes & %d) != 0",
      argumentArray: [PHAssetMediaSubtype.photoLive, PHAssetMediaSubtype.photoPanorama])
    return PHAsset.fetchAssets(with: options)
  }

  /// The user's album called `title`, if there is one.
  static func album(titled title: String) -> PHAssetCollection? {
    let options = PHFetchOptions()
    options.predicate = NSPredicate(format: "title = %@", title)
    return PHAssetCollection.fetchAssetCollections(
      with: .album, subtype: .any, options: options
    ).firstObject
  }

  /// The albums that hold something, by title.
  static func nonEmptyAlbums() -> [PHAssetCollection] {
    let options = PHFetchOptions()
    options.predicate = NSPredicate(format: "estimatedAssetCount > 0")
    options.sortDescriptors = [NSSortDescriptor(key: "localizedTitle", ascending: true)]
    var albums: [PHAssetCollection] = []
    PHAssetCollection.fetchAssetCollections(with: .album, subtype: .albumRegular, options: options)
      .enumerateObjects { collection, _, _ in albums.append(collection) }
    return albums
  }

  /// The newest photo, from a copy of shared options (a picker's preview).
  static func newest(sharing options: PHFetchOptions) -> PHAsset? {
    let single = options.copy() as! PHFetchOptions
    single.fetchLimit = 1
    single.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
    return PHAsset.fetchAssets(with: single).firstObject
  }
}
