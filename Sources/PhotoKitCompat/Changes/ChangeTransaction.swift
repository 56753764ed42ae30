import Foundation

/// The change requests made inside one `performChanges` block, on the thread running it.
final class ChangeTransaction {
  var assetRequests: [PHAssetChangeRequest] = []
  var collectionRequests: [PHAssetCollectionChangeRequest] = []
  /// The assets `deleteAssets(_:)` was given, in order.
  var deletions: [PHObject] = []
  /// The albums `deleteAssetCollections(_:)` was given, in order.
  var albumDeletions: [PHObject] = []
  /// Requests that cannot be performed, named with the reason; the whole change fails.
  var problems: [String] = []
  /// Requests that fail with an error of their own (not `changeNotSupported`); the whole
  /// change fails with the first.
  var failures: [PHPhotosError] = []

  private static let key = "PhotoKitCompat.ChangeTransaction"

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
