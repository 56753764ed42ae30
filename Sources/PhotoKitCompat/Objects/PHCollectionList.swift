import Foundation
import PhotoLibrary

/// A folder of albums: a subfolder of the library that holds only subfolders (no photo
/// directly). Mirrors `PHCollectionList`; its collections are its subfolders, each an album
/// or again a folder (see `UserCollection`).
public final class PHCollectionList: PHCollection, @unchecked Sendable {
  public let collectionListType: PHCollectionListType = .folder
  public let collectionListSubtype: PHCollectionListSubtype = .regularFolder
  public override var canContainAssets: Bool { false }
  public override var canContainCollections: Bool { true }

  /// What a transient list holds (`transientCollectionList(with:title:)`); nil for a folder.
  let transientCollections: [PHCollection]?

  init(folder: String) {
    transientCollections = nil
    super.init(localIdentifier: folder, localizedTitle: UserCollection.album(folder).title)
  }

  init(transient collections: [PHCollection], title: String?) {
    transientCollections = collections
    super.init(localIdentifier: "transient-\(UUID().uuidString)", localizedTitle: title)
  }
}

extension PHCollection {
  /// `PHCollection.fetchTopLevelUserCollections(with:)`: each first-level folder, as an album
  /// (`PHAssetCollection`) when it holds photos directly, else as a folder
  /// (`PHCollectionList`). Nothing unless read/write is fully authorized.
  public class func fetchTopLevelUserCollections(with options: PHFetchOptions?)
    -> PHFetchResult<PHCollection>
  {
    collections(options) { $0 }
  }

  /// `PHCollection.fetchCollections(in:options:)`: a folder's collections, one per subfolder
  /// ("Trips/2024"): albums counting every visible asset below them, and folders.
  public class func fetchCollections(
    in collectionList: PHCollectionList, options: PHFetchOptions?
  ) -> PHFetchResult<PHCollection> {
    if let transient = collectionList.transientCollections {
      let options = options?.snapshot() ?? PHFetchOptions()
      return PHFetchResult(options.apply(to: transient))
    }
    let folder = collectionList.localIdentifier
    return collections(options) { tree in
      guard case .folder(_, let inside) = UserCollection.find(folder, in: tree) else { return [] }
      return inside
    }
  }

  /// A live fetch of the user collections `pick` chooses from the library's tree.
  private static func collections(
    _ options: PHFetchOptions?,
    pick: @escaping @Sendable ([UserCollection]) -> [UserCollection]
  ) -> PHFetchResult<PHCollection> {
    let device = PhotoKitDevice.current
    let options = options?.snapshot() ?? PHFetchOptions()
    let query: @Sendable () -> [PHCollection] = {
      let tree = device.userCollections()
      guard !tree.isEmpty else { return [] }
      let assets = device.visibleAssets().filter { !$0.isHidden }
      let collections = pick(tree).map { collection -> PHCollection in
        switch collection {
        case .folder(let path, _): return PHCollectionList(folder: path)
        case .album(let path):
          return PHAssetCollection(album: path, count: assets.filter { $0.isInside(path) }.count)
        }
      }
      return options.apply(to: collections)
    }
    return PHFetchResult(query(), query: query).keeping(options)
  }
}

/// The kind of a collection list. Mirrors `PHCollectionListType`, raw values included.
@frozen public enum PHCollectionListType: Int, Sendable, Equatable, Hashable {
  case momentList = 1
  case folder = 2
  case smartFolder = 3
}

/// The subtype of a collection list. Mirrors `PHCollectionListSubtype` (the user's folders).
public enum PHCollectionListSubtype: Int, Sendable, Equatable, Hashable {
  case momentListCluster = 1
  case momentListYear = 2
  case regularFolder = 100
  case smartFolderEvents = 200
  case smartFolderFaces = 201
  case any = 9_223_372_036_854_775_807
}
