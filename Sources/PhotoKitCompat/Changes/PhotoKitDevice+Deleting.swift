import Foundation
import PhotoLibrary

extension PhotoKitDevice {
  /// Deletes the assets of a change block through the engine, which shows the system's
  /// confirmation to the user; Don’t Allow fails the change with `userCancelled`.
  func delete(_ identifiers: [String]) throws {
    let ids = resolve(identifiers)
    let user = user
    try Self.confirm(
      try mapEngineErrors { try session.deleteAssets(withIDs: ids) { user.answer($0) } },
      deleting: "\(ids.count) assets")
  }

  /// Throws PhotoKit's error for a deletion the user did not confirm (`what`: "2 assets").
  static func confirm(_ outcome: PhotoLibrarySession.DeletionOutcome, deleting what: String) throws
  {
    switch outcome {
    case .deleted: return
    case .declined:
      throw PHPhotosError(.userCancelled, "the user did not allow deleting \(what)")
    case .unanswered:
      throw PHPhotosError(
        .confirmationUnanswered, "the deletion confirmation was left unanswered")
    }
  }
}
