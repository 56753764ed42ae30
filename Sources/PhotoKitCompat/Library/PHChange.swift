import Foundation
import PhotoLibrary

/// What changed in the library, handed to change observers. Mirrors `PHChange`.
///
/// One instance describes one transaction, and every observer of the device gets the same
/// instance. The details it gives for a fetch result are computed once, on first request, and
/// the same object is returned on every later request, so that all the code handling one
/// change sees one answer.
public final class PHChange: NSObject, @unchecked Sendable {
  /// The engine's notice.
  let change: PhotoLibraryChange
  /// Details already given, by the fetch result they describe.
  private let given = LockedBox<[ObjectIdentifier: (result: AnyObject, details: AnyObject?)]>(
    [:])

  init(_ change: PhotoLibraryChange) {
    self.change = change
    super.init()
  }

  /// The ids the engine named changed (files written, flags set).
  var namedIDs: AssetIDSet {
    if case .assetsChanged(let ids) = change { return AssetIDSet(ids) }
    return []
  }

  /// What changed in `object`: it is fetched again with the same query and options and
  /// compared by `localIdentifier` (see ``PHFetchResultChangeDetails`` for what the indexes
  /// mean). Nil when the fetch result's contents are not affected.
  public func changeDetails<T>(for object: PHFetchResult<T>) -> PHFetchResultChangeDetails<T>? {
    let key = ObjectIdentifier(object)
    if let known = given.withLock({ $0[key] }) {
      return known.details as? PHFetchResultChangeDetails<T>
    }
    let details = computeDetails(for: object)
    return given.withLock { given in
      // Another thread may have answered first: keep its answer.
      if let known = given[key] { return known.details as? PHFetchResultChangeDetails<T> }
      given[key] = (object, details)
      return details
    }
  }

  private func computeDetails<T>(for object: PHFetchResult<T>) -> PHFetchResultChangeDetails<T>? {
    guard let query = object.query else { return nil }
    let after = PHFetchResult(query(), query: query)
    let details = PHFetchResultChangeDetails(
      before: object, after: after, changedIDs: changedIDs(before: object, after: after))
    if details.isEmpty { return nil }
    // A fetch made with `wantsIncrementalChangeDetails` false gets no index sets: reload.
    guard object.fetchOptions?.wantsIncrementalChangeDetails == false else { return details }
    return PHFetchResultChangeDetails(
      before: object, after: after, changedIDs: [], maximumChanges: -1)
  }

  /// The ids of objects in both results that changed: the assets the engine named, and the
  /// collections whose title or estimated count differ.
  private func changedIDs<T>(before: PHFetchResult<T>, after: PHFetchResult<T>) -> AssetIDSet {
    let named = namedIDs
    guard before.firstObject is PHCollection || after.firstObject is PHCollection else {
      return named
    }
    var earlier: [AssetIDKey: PHCollection] = [:]
    before.enumerateObjects { object, _, _ in
      if let collection = object as? PHCollection {
        earlier[AssetIDKey(collection.localIdentifier)] = collection
      }
    }
    var changed: [String] = []
    after.enumerateObjects { object, _, _ in
      guard let collection = object as? PHCollection,
        let old = earlier[AssetIDKey(collection.localIdentifier)]
      else { return }
      if old.localizedTitle != collection.localizedTitle
        || (old as? PHAssetCollection)?.estimatedAssetCount
          != (collection as? PHAssetCollection)?.estimatedAssetCount
      {
        changed.append(collection.localIdentifier)
      }
    }
    return AssetIDSet(Array(named) + changed)
  }
}
