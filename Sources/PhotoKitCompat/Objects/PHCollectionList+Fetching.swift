import Foundation
import PhotoLibrary

/// Folders: the library's subfolders that hold other folders, as the app's access lets it see
/// them (none without full access).
extension PHCollectionList {
  /// Folders of `type` and `subtype`: every folder of the tree for `.folder` (`.regularFolder`
  /// or `.any`), none for smart folders (no Events or Faces) and moment lists. Mirrors
  /// `fetchCollectionLists(with:subtype:options:)`.
  public class func fetchCollectionLists(
    with collectionListType: PHCollectionListType, subtype: PHCollectionListSubtype,
    options: PHFetchOptions?
  ) -> PHFetchResult<PHCollectionList> {
    let wanted =
      collectionListType == .folder && (subtype == .any || subtype == .regularFolder)
    return folders(options) { _ in wanted }
  }

  /// The folders among `identifiers` (their paths). Mirrors
  /// `fetchCollectionLists(withLocalIdentifiers:options:)`.
  public class func fetchCollectionLists(
    withLocalIdentifiers identifiers: [String], options: PHFetchOptions?
  ) -> PHFetchResult<PHCollectionList> {
    let wanted = Set(identifiers)
    return folders(options) { wanted.contains($0) }
  }

  /// The folder directly holding `collection` (an album or a folder); none for a top-level
  /// one. Mirrors `fetchCollectionListsContaining(_:options:)`.
  public class func fetchCollectionListsContaining(
    _ collection: PHCollection, options: PHFetchOptions?
  ) -> PHFetchResult<PHCollectionList> {
    let path = collection.localIdentifier
    guard let slash = path.lastIndex(of: "/") else { return PHFetchResult([]) }
    let parent = String(path[..<slash])
    return folders(options) { $0 == parent }
  }

  /// Moment lists: none, as on iOS since 13. Mirrors `fetchMomentLists(with:options:)`.
  public class func fetchMomentLists(
    with momentListSubtype: PHCollectionListSubtype, options: PHFetchOptions?
  ) -> PHFetchResult<PHCollectionList> {
    PHFetchResult([])
  }

  /// The moment lists holding a moment: none (see `fetchMomentLists(with:options:)`).
  /// Mirrors `fetchMomentLists(with:containingMoment:options:)`.
  public class func fetchMomentLists(
    with momentListSubtype: PHCollectionListSubtype, containingMoment moment: PHAssetCollection,
    options: PHFetchOptions?
  ) -> PHFetchResult<PHCollectionList> {
    PHFetchResult([])
  }

  /// A list of `collections` that is not in the library: `PHCollection.fetchCollections(in:)`
  /// gives them back. Mirrors `transientCollectionList(with:title:)`.
  public class func transientCollectionList(with collections: [PHCollection], title: String?)
    -> PHCollectionList
  {
    PHCollectionList(transient: collections, title: title)
  }

  /// `transientCollectionList(with:title:)` over a fetch result. Mirrors
  /// `transientCollectionList(withCollectionsFetchResult:title:)`.
  public class func transientCollectionList(
    withCollectionsFetchResult fetchResult: PHFetchResult<PHCollection>, title: String?
  ) -> PHCollectionList {
    PHCollectionList(transient: fetchResult.objects, title: title)
  }

  /// A moment list's dates: nil for folders, as on iOS. Mirrors `startDate`.
  public var startDate: Date? { nil }
  /// See `startDate`. Mirrors `endDate`.
  public var endDate: Date? { nil }
  /// A moment list's place names: none. Mirrors `localizedLocationNames`.
  public var localizedLocationNames: [String] { [] }

  /// The folders of the tree whose path passes `include`, depth first.
  private static func folders(
    _ options: PHFetchOptions?, include: @escaping @Sendable (String) -> Bool
  ) -> PHFetchResult<PHCollectionList> {
    let device = PhotoKitDevice.current
    let options = options?.snapshot() ?? PHFetchOptions()
    let query: @Sendable () -> [PHCollectionList] = {
      func paths(_ tree: [UserCollection]) -> [String] {
        tree.flatMap { collection -> [String] in
          guard case .folder(let path, let inside) = collection else { return [] }
          return [path] + paths(inside)
        }
      }
      let lists = paths(device.userCollections()).filter(include).map {
        PHCollectionList(folder: $0)
      }
      return options.apply(to: lists)
    }
    return PHFetchResult(query(), query: query).keeping(options)
  }
}
