import Foundation
import PhotoLibrary

extension PhotoKitDevice {
  /// Deletes the albums of a change block through the engine, which shows the system's
  /// confirmation; Don’t Allow fails the change with `userCancelled`. Albums created empty
  /// in this launch (no folder yet) are simply forgotten.
  func deleteAlbums(_ objects: [PHObject]) throws {
    if let smart = objects.first(where: { ($0 as? PHAssetCollection)?.smartAlbum != nil }) {
      throw PHPhotosError(
        .changeNotSupported, "the smart album '\(smart.localIdentifier)' cannot be deleted")
    }
    let names = resolve(objects.map(\.localIdentifier))
    let folders = Set(try mapEngineErrors { try session.albums() })
    let empty = names.filter { !folders.contains($0) }
    phone.launch.forgetEmptyAlbums(empty)
    let existing = names.filter(folders.contains)
    guard !existing.isEmpty else { return }
    let user = user
    let outcome = try mapEngineErrors {
      try session.deleteAlbums(named: existing) { user.answer($0) }
    }
    switch outcome {
    case .deleted: return
    case .declined:
      throw PHPhotosError(
        .userCancelled, "the user did not allow deleting \(existing.count) albums")
    case .unanswered:
      throw PHPhotosError(
        .confirmationUnanswered, "the deletion confirmation was left unanswered")
    }
  }
}
