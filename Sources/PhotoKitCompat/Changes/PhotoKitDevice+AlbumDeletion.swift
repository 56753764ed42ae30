import Foundation
import PhotoLibrary

extension PhotoKitDevice {
  /// Deletes the albums of a change block through the engine, which shows the system's
  /// confirmation; Don’t Allow fails the change with `userCancelled`. Albums created empty
  /// in this launch (no folder yet) are simply forgotten.
  func deleteAlbums(_ identifiers: [String]) throws {
    let names = resolve(identifiers)
    let folders = Set(try mapEngineErrors { try session.albums() })
    let empty = names.filter { !folders.contains($0) }
    phone.launch.forgetEmptyAlbums(empty)
    let existing = names.filter(folders.contains)
    guard !existing.isEmpty else { return }
    let user = user
    try Self.confirm(
      try mapEngineErrors { try session.deleteAlbums(named: existing) { user.answer($0) } },
      deleting: "\(existing.count) albums")
  }
}
