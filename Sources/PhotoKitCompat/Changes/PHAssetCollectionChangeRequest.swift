import Foundation

/// A request to create an album or add new assets to one, made inside `performChanges`.
/// Mirrors `PHAssetCollectionChangeRequest`.
///
/// Refused, with an error from `performChanges`, unless read/write is fully authorized: a
/// limited app cannot create or add to albums, as on iOS.
public final class PHAssetCollectionChangeRequest: PHChangeRequest, @unchecked Sendable {
  /// The album's title (its folder name).
  public var title: String
  /// Whether this request creates the album.
  let creates: Bool
  /// What `addAssets` was given, in order.
  var added: [PHObject] = []
  /// What `removeAssets` was given: refused at commit (an asset is its file in the album
  /// folder, so it cannot leave the album without being deleted).
  var removed: [PHObject] = []
  /// The placeholder whose identifier fetches the new album after the change.
  public let placeholderForCreatedAssetCollection: PHObjectPlaceholder

  private init(title: String, creates: Bool) {
    self.title = title
    self.creates = creates
    placeholderForCreatedAssetCollection = PHObjectPlaceholder(
      localIdentifier: "placeholder-\(UUID().uuidString)/L0/040")
    super.init()
  }

  /// A request creating an album named `title`.
  @discardableResult
  public class func creationRequestForAssetCollection(
    withTitle title: String
  ) -> PHAssetCollectionChangeRequest {
    let request = PHAssetCollectionChangeRequest(title: title, creates: true)
    ChangeTransaction.joining("creationRequestForAssetCollection")?.collectionRequests.append(
      request)
    return request
  }

  /// A request changing the album `assetCollection`; nil outside a change block.
  public convenience init?(for assetCollection: PHAssetCollection) {
    guard let transaction = ChangeTransaction.joining("PHAssetCollectionChangeRequest(for:)")
    else { return nil }
    self.init(title: assetCollection.localIdentifier, creates: false)
    transaction.collectionRequests.append(self)
  }

  /// `init(for:)`; `assets` is the album's current content (unused: new assets are appended).
  public convenience init?(
    for assetCollection: PHAssetCollection, assets: PHFetchResult<PHAsset>
  ) {
    self.init(for: assetCollection)
  }

  /// Adds assets created in the same change block (their placeholders) to the album. Adding
  /// assets already in the library is not supported and makes the change fail.
  public func addAssets(_ assets: any NSFastEnumeration) {
    added += Self.objects(in: assets)
  }

  /// `addAssets(_:)`: the folder album orders its assets by date, so `indexes` is not kept.
  public func insertAssets(_ assets: any NSFastEnumeration, at indexes: IndexSet) {
    added += Self.objects(in: assets)
  }

  /// Removing assets from an album makes the change fail with `changeNotSupported`: in the
  /// folder library an asset is its file in the album folder (delete it with
  /// `PHAssetChangeRequest.deleteAssets(_:)` instead).
  public func removeAssets(_ assets: any NSFastEnumeration) {
    removed += Self.objects(in: assets)
  }

  /// Deletes the albums `assetCollections` (an array of `PHAssetCollection`, an `NSArray` or
  /// a fetch result) once the user confirms in the system's prompt (“Allow “App” to delete the
  /// album “Trips”?”); their photos stay in the library. Needs full read/write access; smart
  /// albums cannot be deleted (the change fails with `changeNotSupported`).
  public class func deleteAssetCollections(_ assetCollections: any NSFastEnumeration) {
    guard let transaction = ChangeTransaction.joining("deleteAssetCollections(_:)") else {
      return
    }
    transaction.albumDeletions += objects(in: assetCollections)
  }

  /// The PhotoKit objects in an `NSArray`, a Swift array or a fetch result.
  static func objects(in assets: any NSFastEnumeration) -> [PHObject] {
    switch assets {
    case let result as PHFetchResult<PHAsset>: result.objects
    case let result as PHFetchResult<PHAssetCollection>: result.objects
    case let array as [Any]: array.compactMap { $0 as? PHObject }
    case let array as NSArray: array.compactMap { $0 as? PHObject }
    default: []
    }
  }
}

#if !canImport(ObjectiveC)
  /// What `addAssets(_:)` accepts. Stands in for Objective-C's `NSFastEnumeration`: an
  /// `NSArray` (`[placeholder] as NSArray`), a Swift array or a `PHFetchResult`.
  public protocol NSFastEnumeration {}
  extension NSArray: NSFastEnumeration {}
  extension Array: NSFastEnumeration {}
  extension PHFetchResult: NSFastEnumeration {}
#endif
