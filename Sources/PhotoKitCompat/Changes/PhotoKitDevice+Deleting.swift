import Foundation
import PhotoLibrary

extension PhotoKitDevice {
  /// Deletes the assets of a change block through the engine, which shows the system's
  /// confirmation to the user; Don’t Allow fails the change with `userCancelled`.
  func delete(_ objects: [PHObject]) throws {
    let ids = resolve(objects.map(\.localIdentifier))
    let user = user
    let outcome = try mapEngineErrors {
      try session.deleteAssets(withIDs: ids) { user.answer($0) }
    }
    switch outcome {
    case .deleted: return
    case .declined:
      throw PHPhotosError(.userCancelled, "the user did not allow deleting \(ids.count) assets")
    case .unanswered:
      throw PHPhotosError(
        .confirmationUnanswered, "the deletion confirmation was left unanswered")
    }
  }

  /// Refuses changes to existing assets the app may not change, then any property the folder
  /// library cannot store.
  func checkEdits(_ edits: [PHAssetChangeRequest], access: LibraryAccess) throws {
    for request in edits {
      guard let asset = request.editedAsset else { continue }
      guard access.canList, access.canRead(asset.localIdentifier) else {
        throw PHPhotosError(
          .accessUserDenied, "'\(asset.localIdentifier)' cannot be changed by this app")
      }
      if request.creationDate != nil || request.location != nil {
        throw PHPhotosError(
          .changeNotSupported,
          "the creation date and location of '\(asset.localIdentifier)' cannot be changed: "
            + "the folder library does not rewrite files (PhotoKitCompat)")
      }
    }
  }
}
