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

/// An album (a subfolder of the library, inside a folder of albums or not) or a smart album (Recents, Favorites,
/// Videos, Live Photos, …). Mirrors `PHAssetCollection`.
///
/// Albums can be listed, created and added to only with full read/write access: a limited,
/// add-only or denied app gets an empty list (docs/permission-model.md#limited-access,
/// #reading-and-writing). Smart albums are listed
/// with full and limited access; under limited access each holds only the visible assets.
public final class PHAssetCollection: PHCollection, @unchecked Sendable {
  public let assetCollectionType: PHAssetCollectionType
  public let assetCollectionSubtype: PHAssetCollectionSubtype
  /// How many visible assets the album held when fetched (`NSNotFound` for smart albums, as
  /// PhotoKit reports them: count with `PHAsset.fetchAssets(in:options:)`).
  public let estimatedAssetCount: Int
  /// The smart album this is, if it is one.
  let smartAlbum: SmartAlbum?
  /// What a transient collection holds (`transientAssetCollection(with:title:)`); nil for
  /// an album or a smart album.
  let transientAssets: [PHAsset]?

  /// The prefix of smart albums' identifiers (then the subtype's name); identifiers are
  /// checked against it before they are taken for an album's path.
  static let smartAlbumPrefix = "PhotoGate-SmartAlbum/"

  init(album: String, count: Int) {
    assetCollectionType = .album
    assetCollectionSubtype = .albumRegular
    estimatedAssetCount = count
    smartAlbum = nil
    transientAssets = nil
    super.init(localIdentifier: album, localizedTitle: UserCollection.album(album).title)
  }

  init(smartAlbum: SmartAlbum) {
    assetCollectionType = .smartAlbum
    assetCollectionSubtype = PHAssetCollectionSubtype(rawValue: smartAlbum.rawValue) ?? .any
    estimatedAssetCount = NSNotFound
    self.smartAlbum = smartAlbum
    transientAssets = nil
    super.init(
      localIdentifier: Self.smartAlbumPrefix + smartAlbum.subtypeName,
      localizedTitle: smartAlbum.title)
  }

  /// The albums (`.album` with `.any` or `.albumRegular`) or the smart albums (`.smartAlbum`
  /// with `.any` or one smart-album subtype), as the app's access lets it list them.
  init(transient assets: [PHAsset], title: String?) {
    assetCollectionType = .album
    assetCollectionSubtype = .albumRegular
    estimatedAssetCount = assets.count
    smartAlbum = nil
    transientAssets = assets
    super.init(localIdentifier: "transient-\(UUID().uuidString)", localizedTitle: title)
  }

  public class func fetchAssetCollections(
    with type: PHAssetCollectionType, subtype: PHAssetCollectionSubtype,
    options: PHFetchOptions?
  ) -> PHFetchResult<PHAssetCollection> {
    if type == .smartAlbum {
      return fetchSmartAlbums(options) { subtype == .any || $0.rawValue == subtype.rawValue }
    }
    let wanted = type == .album && (subtype == .any || subtype == .albumRegular)
    return fetch(options) { _ in wanted }
  }

  /// The smart albums the engine lets the app list (none with add-only or no access), in the
  /// Photos app's order.
  static func fetchSmartAlbums(
    _ options: PHFetchOptions?, device: PhotoKitDevice = .current,
    where include: @escaping @Sendable (SmartAlbum) -> Bool
  ) -> PHFetchResult<PHAssetCollection> {
    let options = options?.snapshot() ?? PHFetchOptions()
    let query: @Sendable () -> [PHAssetCollection] = {
      options.apply(to: device.smartAlbums().filter(include).map(PHAssetCollection.init))
    }
    return PHFetchResult(query(), query: query).keeping(options)
  }

  /// The albums among `identifiers` (album names, or placeholders' identifiers); smart albums'
  /// identifiers give the smart albums.
  public class func fetchAssetCollections(
    withLocalIdentifiers identifiers: [String], options: PHFetchOptions?
  ) -> PHFetchResult<PHAssetCollection> {
    let device = PhotoKitDevice.current
    let wanted = Set(device.resolve(identifiers))
    let smart = Set(
      SmartAlbum.allCases.filter { wanted.contains(smartAlbumPrefix + $0.subtypeName) })
    if !smart.isEmpty {
      return fetchSmartAlbums(options, device: device) { smart.contains($0) }
    }
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
        PHAssetCollection(
          album: name, count: assets.filter { $0.isInside(name) && !$0.isHidden }.count)
      }
      return options.apply(to: collections)
    }
    return PHFetchResult(query(), query: query).keeping(options)
  }
}

extension PhotoKitDevice {
  /// The smart albums the engine lets the app list: all with full or limited access, none
  /// otherwise.
  func smartAlbums() -> [SmartAlbum] {
    do {
      // Which ones, not what they hold (``PhotoLibrarySession/collections(now:)`` lists every
      // smart album whenever any may be listed): no pass over the library.
      try session.beginLibraryAccess()
      return try session.access().canList ? SmartAlbum.displayOrder : []
    } catch {
      handle(error)
      return []
    }
  }

  /// The albums and folders the engine lets the app list, plus albums created empty in this
  /// launch at the top level (the phone's); none without full access.
  func userCollections() -> [UserCollection] {
    do {
      return try phone.userCollections()
    } catch PhotoLibraryError.accessDenied {
      return []
    } catch {
      handle(error)
      return []
    }
  }

  /// The album names the engine lets the app list, plus albums created empty in this launch
  /// (the phone's); none without full access.
  func albumNames() -> [String] {
    do {
      return try phone.albums()
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
  case smartAlbumDepthEffect = 212
  case smartAlbumLivePhotos = 213
  case smartAlbumAnimated = 214
  case smartAlbumLongExposures = 215
  case smartAlbumUnableToUpload = 216
  case smartAlbumRAW = 217
  case smartAlbumCinematic = 218
  case smartAlbumSpatial = 219
  case smartAlbumScreenRecordings = 220
  case any = 9_223_372_036_854_775_807
}
