import Foundation
import PhotoLibrary

extension PHAssetChangeRequest {
  /// A request changing `asset`, in the current change block (PhotoKit raises outside one;
  /// here the request joins nothing). Allowed for assets the app may read under full or
  /// limited read/write access: `isFavorite` and `isHidden` set the library's flags; setting
  /// `creationDate` or `location` makes the change fail with `changeNotSupported`, since the
  /// folder library does not rewrite files.
  public convenience init(for asset: PHAsset) {
    self.init()
    editedAsset = asset
    isFavorite = asset.isFavorite
    isHidden = asset.isHidden
    changedAttributes = []
    ChangeTransaction.joining("PHAssetChangeRequest(for:)")?.assetRequests.append(self)
  }

  /// Deletes `assets` (an array of `PHAsset`, an `NSArray` or a fetch result) once the user
  /// confirms in the system's deletion prompt ("Allow “App” to delete N photos?"); Don’t
  /// Allow fails the change with `userCancelled`. Under limited access only assets the app
  /// may read can be deleted; without read/write access the change fails.
  public class func deleteAssets(_ assets: any NSFastEnumeration) {
    guard let transaction = ChangeTransaction.joining("deleteAssets(_:)") else { return }
    transaction.deletions += PHAssetCollectionChangeRequest.objects(in: assets)
  }
}

/// What can be done to an asset. Mirrors `PHAssetEditOperation`, raw values included.
public enum PHAssetEditOperation: Int, Sendable, Equatable, Hashable {
  case delete = 1
  case content = 2
  case properties = 3
}

extension PHAsset {
  /// Whether `operation` is possible on this asset, as the library decides
  /// (``AppChangeTransaction/canPerform(_:)``): deleting and editing content are, editing
  /// properties is not. Mirrors `canPerform(_:)`.
  public func canPerform(_ operation: PHAssetEditOperation) -> Bool {
    let mapped: AppChangeTransaction.AssetOperation =
      switch operation {
      case .delete: .delete
      case .content: .content
      case .properties: .properties
      }
    return AppChangeTransaction.canPerform(mapped)
  }
}
