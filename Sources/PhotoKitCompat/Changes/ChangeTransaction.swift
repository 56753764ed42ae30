import Foundation
import PhotoLibrary

/// The change requests made inside one `performChanges` block, on the thread running it. At
/// commit they become the library's ``AppChangeTransaction`` (``requested``), which decides
/// whether and how they are performed.
final class ChangeTransaction {
  var assetRequests: [PHAssetChangeRequest] = []
  var collectionRequests: [PHAssetCollectionChangeRequest] = []
  /// The assets `deleteAssets(_:)` was given, in order.
  var deletions: [PHObject] = []
  /// The albums `deleteAssetCollections(_:)` was given, in order.
  var albumDeletions: [PHObject] = []
  /// Requests that cannot be performed; the whole change fails.
  var problems: [AppChangeTransaction.Unsupported] = []
  /// Requests that fail with an error of their own (not `changeNotSupported`); the whole
  /// change fails with the first.
  var failures: [PHPhotosError] = []

  private static let key = "PhotoKitCompat.ChangeTransaction"

  /// The requests changing existing assets, in order: ``requested``'s `edits`.
  var editRequests: [PHAssetChangeRequest] { assetRequests.filter { $0.editedAsset != nil } }

  /// The requests in the library's terms.
  var requested: AppChangeTransaction {
    var requested = AppChangeTransaction()
    requested.unsupported = problems
    requested.creations = assetRequests.filter { $0.editedAsset == nil }.map(\.libraryCreation)
    requested.edits = assetRequests.compactMap(\.libraryEdit)
    requested.deletions = deletions.map(\.localIdentifier)
    requested.albums = collectionRequests.map(\.libraryChange)
    requested.albumDeletions = albumDeletions.map {
      AppChangeTransaction.AlbumDeletion(
        id: $0.localIdentifier, isSmart: ($0 as? PHAssetCollection)?.smartAlbum != nil)
    }
    return requested
  }

  /// The transaction of the change block running on this thread, if any.
  static var current: ChangeTransaction? {
    Thread.current.threadDictionary[key] as? ChangeTransaction
  }

  /// Runs `block` with this transaction current on this thread.
  func run(_ block: () -> Void) {
    let dictionary = Thread.current.threadDictionary
    dictionary[Self.key] = self
    defer { dictionary.removeObject(forKey: Self.key) }
    block()
  }

  /// The current transaction, or a report that `request` was made outside a change block
  /// (PhotoKit raises an exception there).
  static func joining(_ request: String) -> ChangeTransaction? {
    if let current { return current }
    PhotoKitDevice.current.report(
      PhotoKitDeviceError(
        "\(request) can only be called inside a PHPhotoLibrary performChanges block"))
    return nil
  }
}

/// The base of change requests. Mirrors `PHChangeRequest`.
public class PHChangeRequest: NSObject, @unchecked Sendable {}
