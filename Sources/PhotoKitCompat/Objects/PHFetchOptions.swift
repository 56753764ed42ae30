import Foundation

/// How a fetch sorts and limits its results. Mirrors `PHFetchOptions`.
///
/// `sortDescriptors` and `fetchLimit` are applied. `predicate` is kept but ignored: the
/// folder library holds only images, so the usual `mediaType == image` predicate changes
/// nothing; filter the fetch result yourself for anything else. `includeHiddenAssets` and
/// `includeAllBurstAssets` change nothing (a folder has neither).
public final class PHFetchOptions: NSObject, @unchecked Sendable {
  /// Ignored (see the type's documentation).
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

  public override init() { super.init() }

  /// A copy, so that a fetch result refetches with the options it was made with.
  func snapshot() -> PHFetchOptions {
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

  /// `objects` (already in the default order) sorted by the descriptors and cut to the limit.
  func apply<T: PHObject>(to objects: [T]) -> [T] {
    var result = objects
    if let descriptors = sortDescriptors, !descriptors.isEmpty {
      result = objects.enumerated().sorted { lhs, rhs in
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
}
