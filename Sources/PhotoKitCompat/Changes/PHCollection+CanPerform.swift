import Foundation
import PhotoLibrary

/// What can be done to a collection. Mirrors `PHCollectionEditOperation`, raw values included.
public enum PHCollectionEditOperation: Int, Sendable, Equatable, Hashable {
  case deleteContent = 1
  case removeContent = 2
  case addContent = 3
  case createContent = 4
  case rearrangeContent = 5
  case delete = 6
  case rename = 7
}

extension PHCollection {
  /// Whether `operation` is possible, as the library decides
  /// (``AppChangeTransaction/canPerform(_:isRegular:)``): a regular album can receive assets
  /// created in the same change block (`addContent`, `createContent`) and be deleted
  /// (`delete`, its photos stay in the library); removing, rearranging and renaming are not
  /// supported by the folder library. Mirrors `canPerform(_:)`.
  public func canPerform(_ operation: PHCollectionEditOperation) -> Bool {
    let mapped: AppChangeTransaction.AlbumOperation =
      switch operation {
      case .deleteContent: .deleteContent
      case .removeContent: .removeContent
      case .addContent: .addContent
      case .createContent: .createContent
      case .rearrangeContent: .rearrangeContent
      case .delete: .delete
      case .rename: .rename
      }
    let isRegular = (self as? PHAssetCollection)?.assetCollectionType == .album
    return AppChangeTransaction.canPerform(mapped, isRegular: isRegular)
  }
}
