import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

/// A sync engine's poller: it keeps the last change token (archived in user defaults, so it
/// survives launches) and asks Photos what changed since, on iOS 16 and later.
final class LibraryChangePoller {
  struct Changes: Equatable {
    var inserted: Set<String> = []
    var updated: Set<String> = []
    var deleted: Set<String> = []
  }

  private let defaults: UserDefaults
  private let key = "lastPhotoLibraryChangeToken"

  init(defaults: UserDefaults) {
    self.defaults = defaults
  }

  private var lastToken: PHPersistentChangeToken? {
    get {
      guard let data = defaults.data(forKey: key) else { return nil }
      return try? NSKeyedUnarchiver.unarchivedObject(
        ofClass: PHPersistentChangeToken.self, from: data)
    }
    set {
      guard let token = newValue,
        let data = try? NSKeyedArchiver.archivedData(
          withRootObject: token, requiringSecureCoding: true)
      else {
        defaults.removeObject(forKey: key)
        return
      }
      defaults.set(data, forKey: key)
    }
  }

  /// The changes since the last poll (nil on the first poll, which only records the state).
  @available(iOS 16, macOS 13, *)
  func poll() throws -> Changes? {
    let library = PHPhotoLibrary.shared()
    guard let token = lastToken else {
      lastToken = library.currentChangeToken
      return nil
    }
    var changes = Changes()
    var newest = token
    for change in try library.fetchPersistentChanges(since: token) {
      let details = try change.changeDetails(for: .asset)
      changes.inserted.formUnion(details.insertedLocalIdentifiers)
      changes.updated.formUnion(details.updatedLocalIdentifiers)
      changes.deleted.formUnion(details.deletedLocalIdentifiers)
      newest = change.changeToken
    }
    lastToken = newest
    return changes
  }
}
