import Foundation
import PhotoLibrary

extension PHAssetChangeRequest {
  /// The request as the library's transaction holds it: a new asset.
  var libraryCreation: AppChangeTransaction.Creation {
    AppChangeTransaction.Creation(
      file: fileURL, data: data, name: originalFilename, movesFile: moveFile,
      placeholder: placeholderForCreatedAsset?.localIdentifier)
  }

  /// The request as the library's transaction holds it: a change to an existing asset (nil
  /// for a creation).
  var libraryEdit: AppChangeTransaction.Edit? {
    guard let id = editedAsset?.localIdentifier else { return nil }
    var flags: [LibraryAttributes.Attribute: Bool] = [:]
    if changedAttributes.contains(.favorite) { flags[.favorite] = isFavorite }
    if changedAttributes.contains(.hidden) { flags[.hidden] = isHidden }
    return AppChangeTransaction.Edit(
      id: id, flags: flags, changesDateOrLocation: creationDate != nil || location != nil,
      savesContent: contentEditingOutput != nil || revertsContent)
  }
}

extension PHAssetCollectionChangeRequest {
  /// The request as the library's transaction holds it.
  var libraryChange: AppChangeTransaction.AlbumChange {
    AppChangeTransaction.AlbumChange(
      title: title, creates: creates,
      placeholder: placeholderForCreatedAssetCollection.localIdentifier,
      added: added.map(\.localIdentifier), removed: removed.map(\.localIdentifier))
  }
}
