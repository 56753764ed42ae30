import Foundation
import PhotoLibrary

/// What changed in the library, handed to change observers. Mirrors `PHChange`.
public final class PHChange: NSObject, @unchecked Sendable {
  /// The engine's notice.
  let change: PhotoLibraryChange

  init(_ change: PhotoLibraryChange) {
    self.change = change
    super.init()
  }

  /// What changed in `object`: it is fetched again with the same query and options and
  /// compared by `localIdentifier`. Nil when the fetch result is not affected.
  public func changeDetails<T>(for object: PHFetchResult<T>) -> PHFetchResultChangeDetails<T>? {
    guard let query = object.query else { return nil }
    let after = PHFetchResult(query(), query: query)
    var changed: Set<String> = []
    if case .assetsChanged(let ids) = change { changed = Set(ids) }
    let details = PHFetchResultChangeDetails(before: object, after: after, changedIDs: changed)
    return details.isEmpty ? nil : details
  }
}
