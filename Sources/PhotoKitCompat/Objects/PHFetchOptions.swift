import Foundation

/// How a fetch filters, sorts and limits its results. Mirrors `PHFetchOptions`; `copy()`
/// (NSCopying) gives an independent copy, and a fetch keeps a copy of the options it was made
/// with.
///
/// `predicate`, `sortDescriptors` and `fetchLimit` are applied, in that order. A predicate
/// made with `NSPredicate(format:)` may use the keys PhotoKit documents for the fetched class
/// (`mediaType`, `creationDate`, `localIdentifier`, `isFavorite`… for assets; `localizedTitle`
/// or `title`, `estimatedAssetCount`… for collections); any other key is reported as PhotoKit's
/// "Unsupported predicate in fetch options" (the installed device's error handler; iOS
/// raises) and the fetch is empty. `includeHiddenAssets` and `includeAllBurstAssets` change
/// nothing (a folder has neither). With `wantsIncrementalChangeDetails` false, the result's
/// change details have `hasIncrementalChanges` false and no index sets (reload), as in Photos.
public final class PHFetchOptions: NSObject, NSCopying, @unchecked Sendable {
  public var predicate: NSPredicate?
  /// Applied in order; without any, assets come oldest first (as iOS usually returns them)
  /// and albums by title.
  public var sortDescriptors: [NSSortDescriptor]?
  /// At most this many results; 0 means no limit.
  public var fetchLimit: Int = 0
  public var includeHiddenAssets = false
  public var includeAllBurstAssets = false
  public var includeAssetSourceTypes: PHAssetSourceType = .typeUserLibrary
  public var wantsIncrementalChangeDetails = true
  /// Whether this copy already reported its unsupported predicate (once per fetch).
  private let reported = LockedBox(false)

  public override init() { super.init() }

  /// An independent copy (NSCopying).
  public func copy(with zone: NSZone? = nil) -> Any {
    let copy = PHFetchOptions()
    copy.predicate = predicate
    copy.sortDescriptors = sortDescriptors
    copy.fetchLimit = fetchLimit
    copy.includeHiddenAssets = includeHiddenAssets
    copy.includeAllBurstAssets = includeAllBurstAssets
    copy.includeAssetSourceTypes = includeAssetSourceTypes
    copy.wantsIncrementalChangeDetails = wantsIncrementalChangeDetails
    return copy
  }

  /// A copy, so that a fetch result refetches with the options it was made with.
  func snapshot() -> PHFetchOptions {
    // swift-format-ignore: NeverForceUnwrap
    copy() as! PHFetchOptions
  }

  /// `objects` (already in the default order) filtered by the predicate, sorted by the
  /// descriptors and cut to the limit.
  func apply<T: PHObject>(to objects: [T]) -> [T] {
    var result = objects
    if let predicate {
      guard let filtered = filter(objects, by: predicate) else { return [] }
      result = filtered
    }
    if let descriptors = sortDescriptors, !descriptors.isEmpty {
      result = result.enumerated().sorted { lhs, rhs in
        for descriptor in descriptors {
          switch descriptor.compare(lhs.element, to: rhs.element) {
          case .orderedAscending: return true
          case .orderedDescending: return false
          case .orderedSame: continue
          }
        }
        return lhs.offset < rhs.offset
      }.map(\.element)
    }
    if fetchLimit > 0 && result.count > fetchLimit {
      result = Array(result.prefix(fetchLimit))
    }
    return result
  }

  /// How an asset fetch with these options can filter and sort the engine's assets by their
  /// values, without making a `PHAsset` of each: the predicate's parsed form and each sort
  /// descriptor's key and direction. Nil when the predicate or a descriptor does not say what
  /// it reads (a block predicate, a descriptor with a comparator of its own) or names a key
  /// `PHAsset` does not have: the fetch is then made eagerly, as ``apply(to:)`` does it (and
  /// reports the unsupported key).
  func assetValueFetch() -> AssetValueFetch? {
    let keys = PhotoKitPredicateKeys.supported(by: PHAsset.self)
    var fetch = AssetValueFetch()
    if let predicate {
      guard let (expression, _) = PhotoKitPredicates.expression(of: predicate),
        expression.keys.isSubset(of: keys)
      else { return nil }
      fetch.predicate = expression
    }
    for descriptor in sortDescriptors ?? [] {
      guard let key = PhotoKitSortKeys.key(of: descriptor), keys.contains(key) else { return nil }
      fetch.sort.append((key, descriptor.ascending))
    }
    return fetch
  }

  /// The objects `predicate` matches, or nil (reported once) when it reads a key PhotoKit does
  /// not support for `T`.
  private func filter<T: PHObject>(_ objects: [T], by predicate: NSPredicate) -> [T]? {
    if let (expression, format) = PhotoKitPredicates.expression(of: predicate) {
      let unsupported = expression.keys.subtracting(PhotoKitPredicateKeys.supported(by: T.self))
      if !unsupported.isEmpty {
        let first = reported.withLock { reported in
          defer { reported = true }
          return !reported
        }
        if first {
          PhotoKitDevice.current.report(
            PhotoKitDeviceError(
              "Unsupported predicate in fetch options: \(format) (\(T.self) has no key "
                + unsupported.sorted().joined(separator: ", ") + ")"))
        }
        return nil
      }
      return objects.filter { object in
        expression.evaluate { PhotoKitPredicateKeys.value(of: object, forKey: $0) }
      }
    }
    return objects.filter { predicate.evaluate(with: $0) }
  }
}

/// An asset fetch's predicate and sort by key (see ``PHFetchOptions/assetValueFetch()``).
struct AssetValueFetch: Sendable {
  var predicate: PredicateExpression?
  var sort: [(key: String, ascending: Bool)] = []
}
