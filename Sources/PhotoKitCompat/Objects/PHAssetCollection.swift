import Foundation
import PhotoLibrary

/// A collection of library objects. Mirrors `PHCollection`.
public class PHCollection: PHObject, @unchecked Sendable {
  /// The title the user sees.
  public let localizedTitle: String?
  public var canContainAssets: Bool { true }
  public var canContainCollections: Bool { false }

  init(localIdentifier: String, localizedTitle: String?) {
    self.localizedTitle = localizedTitle
    super.init(localIdentifier: localIdentifier)
  }
}

/// An album: a first-level subfolder of the library. Mirrors `PHAssetCollection`.
///
/// Albums can be listed, created and added to only with full read/write access: a limited,
/// add-only or denied app gets an empty list (PERMISSIONS.md §6–7).
public final class PHAssetCollection: PHCollection, @unchecked Sendable {
  public let assetCollectionType: PHAssetCollectionType
  public let assetCollectionSubtype: PHAssetCollectionSubtype
  /// How many visible assets the album held when fetched.
  public let estimatedAssetCount: Int

  init(album: String, count: Int) {
    assetCollectionType = .album
    assetCollectionSubtype = .albumRegular
    estimatedAssetCount = count
    super.init(localIdentifier: album, localizedTitle: album)
  }

  /// The albums (`.album` with `.any` or `.albumRegular`); smart albums and other types are
  /// empty. Nothing unless read/write is fully authorized.
  public class func fetchAssetCollections(
    with type: PHAssetCollectionType, subtype: PHAssetCollectionSubtype,
    options: PHFetchOptions?
  ) -> PHFetchResult<PHAssetCollection> {
    let wanted = type == .album && (subtype == .any || subtype == .albumRegular)
    return fetch(options) { _ in wanted }
  }

  /// The albums among `identifiers` (album names, or placeholders' identifiers).
  public class func fetchAssetCollections(
    withLocalIdentifiers identifiers: [String], options: PHFetchOptions?
  ) -> PHFetchResult<PHAssetCollection> {
    let device = PhotoKitDevice.current
    let wanted = Set(device.resolve(identifiers))
    return fetch(options, device: device) { wanted.contains($0) }
  }

  static func fetch(
    _ options: PHFetchOptions?, device: PhotoKitDevice = .current,
    where include: @escaping @Sendable (String) -> Bool
  ) -> PHFetchResult<PHAssetCollection> {
    let options = options?.snapshot() ?? PHFetchOptions()
    let query: @Sendable () -> [PHAssetCollection] = {
      let names = device.albumNames().filter(include)
      guard !names.isEmpty else { return [] }
      let assets = device.visibleAssets()
      let collections = names.map { name in
        PHAssetCollection(album: name, count: assets.filter { $0.album == name }.count)
      }
      return options.apply(to: collections)
    }
    return PHFetchResult(query(), query: query)
  }
}

extension PhotoKitDevice {
  /// The album names the engine lets the app list, plus albums created empty in this launch;
  /// none without full access.
  func albumNames() -> [String] {
    do {
      let names = try session.albums()
      let empty = state.withLock { $0.emptyAlbums }
      return Array(Set(names + empty)).sorted()
    } catch PhotoLibraryError.accessDenied {
      return []
    } catch {
      handle(error)
      return []
    }
  }
}

/// The kind of an asset collection. Mirrors `PHAssetCollectionType`, raw values included.
@frozen public enum PHAssetCollectionType: Int, Sendable, Equatable, Hashable {
  case album = 1
  case smartAlbum = 2
  case moment = 3
}

/// The subtype of an asset collection. Mirrors `PHAssetCollectionSubtype`, raw values
/// included (a subset: the album kinds and the common smart albums).
public enum PHAssetCollectionSubtype: Int, Sendable, Equatable, Hashable {
  case albumRegular = 2
  case albumSyncedEvent = 3
  case albumSyncedFaces = 4
  case albumSyncedAlbum = 5
  case albumImported = 6
  case albumMyPhotoStream = 100
  case albumCloudShared = 101
  case smartAlbumGeneric = 200
  case smartAlbumPanoramas = 201
  case smartAlbumVideos = 202
  case smartAlbumFavorites = 203
  case smartAlbumTimelapses = 204
  case smartAlbumAllHidden = 205
  case smartAlbumRecentlyAdded = 206
  case smartAlbumBursts = 207
  case smartAlbumSlomoVideos = 208
  case smartAlbumUserLibrary = 209
  case smartAlbumSelfPortraits = 210
  case smartAlbumScreenshots = 211
  case any = 9_223_372_036_854_775_807
}
