import Foundation
import PhotoLibrary

/// A folder of albums: a first-level subfolder of the library that holds only folders (no
/// photo directly). Mirrors `PHCollectionList`; its collections are its subfolders, each an
/// album holding every asset below it.
public final class PHCollectionList: PHCollection, @unchecked Sendable {
  public let collectionListType: PHCollectionListType = .folder
  public let collectionListSubtype: PHCollectionListSubtype = .regularFolder
  public override var canContainAssets: Bool { false }
  public override var canContainCollections: Bool { true }

  init(folder: String) {
    super.init(localIdentifier: folder, localizedTitle: folder)
  }
}

extension PHCollection {
  /// `PHCollection.fetchTopLevelUserCollections(with:)`: each first-level folder, as an album
  /// (`PHAssetCollection`) when it holds photos directly, else as a folder
  /// (`PHCollectionList`). Nothing unless read/write is fully authorized.
  public class func fetchTopLevelUserCollections(with options: PHFetchOptions?)
    -> PHFetchResult<PHCollection>
  {
    let device = PhotoKitDevice.current
    let options = options?.snapshot() ?? PHFetchOptions()
    let query: @Sendable () -> [PHCollection] = {
      let names = device.albumNames()
      guard !names.isEmpty else { return [] }
      let assets = device.visibleAssets().filter { !$0.isHidden }
      let collections = names.map { name -> PHCollection in
        let inside = assets.filter { $0.album == name }
        let folders = Set(inside.compactMap { $0.subfolder(of: name) })
        let direct = inside.contains { $0.subfolder(of: name) == nil }
        if !folders.isEmpty && !direct { return PHCollectionList(folder: name) }
        return PHAssetCollection(album: name, count: inside.count)
      }
      return options.apply(to: collections)
    }
    return PHFetchResult(query(), query: query)
  }

  /// `PHCollection.fetchCollections(in:options:)`: a folder's albums, one per subfolder
  /// ("Trips/2024"), each counting every visible asset below it.
  public class func fetchCollections(
    in collectionList: PHCollectionList, options: PHFetchOptions?
  ) -> PHFetchResult<PHCollection> {
    let device = PhotoKitDevice.current
    let folder = collectionList.localIdentifier
    let options = options?.snapshot() ?? PHFetchOptions()
    let query: @Sendable () -> [PHCollection] = {
      guard device.albumNames().contains(folder) else { return [] }
      let assets = device.visibleAssets().filter { !$0.isHidden && $0.album == folder }
      let subfolders = Set(assets.compactMap { $0.subfolder(of: folder) }).sorted()
      let albums = subfolders.map { name -> PHCollection in
        let path = folder + "/" + name
        return PHAssetCollection(
          album: path, count: assets.filter { $0.id.hasPrefix(path + "/") }.count)
      }
      return options.apply(to: albums)
    }
    return PHFetchResult(query(), query: query)
  }
}

extension Asset {
  /// The second-level folder holding this asset below the first-level folder `album`, or nil
  /// when it sits directly in it.
  func subfolder(of album: String) -> String? {
    let rest = id.dropFirst(album.count + 1).split(separator: "/")
    return rest.count > 1 ? String(rest[0]) : nil
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
  case regularFolder = 100
  case smartFolderEvents = 200
  case smartFolderFaces = 201
  case any = 9_223_372_036_854_775_807
}
