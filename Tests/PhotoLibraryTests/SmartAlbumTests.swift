import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// Smart-album membership, and collections under every access state.
@Suite struct SmartAlbumTests {
  static let now = instant(100 * 86_400)
  static let root = URL(fileURLWithPath: "/library")

  static func asset(
    _ id: String, _ type: MediaType = .image, _ subtypes: MediaSubtypes = [],
    traits: AssetTraits = [], favorite: Bool = false, hidden: Bool = false,
    addedDaysAgo: Double = 90
  ) -> Asset {
    let folder = id.contains("/") ? String(id.split(separator: "/")[0]) : nil
    return Asset(
      id: id, url: root.appendingPathComponent(id), creationDate: instant(0), pixelWidth: 4,
      pixelHeight: 3, album: folder, mediaType: type, mediaSubtypes: subtypes,
      duration: type == .video ? 42 : 0,
      addedDate: now.addingTimeInterval(-addedDaysAgo * 86_400), isFavorite: favorite,
      isHidden: hidden, traits: traits)
  }

  static let library: [Asset] = [
    asset("photo.jpg"),
    asset("Trips/live.heic", .image, .photoLive, favorite: true),
    asset("Trips/clip.mov", .video, .videoHighFrameRate, addedDaysAgo: 2),
    asset("shot.png", .image, .photoScreenshot),
    asset("pano.jpg", .image, .photoPanorama),
    asset("me.jpg", traits: .frontCamera),
    asset("cat.gif", traits: .animated),
    asset("lapse.mp4", .video, .videoTimelapse),
    asset("secret.jpg", favorite: true, hidden: true, addedDaysAgo: 1),
  ]

  static let members: [(SmartAlbum, [String])] = [
    (
      .userLibrary,
      [
        "photo.jpg", "Trips/live.heic", "Trips/clip.mov", "shot.png", "pano.jpg", "me.jpg",
        "cat.gif", "lapse.mp4",
      ]
    ),
    (.favorites, ["Trips/live.heic"]),
    (.videos, ["Trips/clip.mov", "lapse.mp4"]),
    (.livePhotos, ["Trips/live.heic"]),
    (.screenshots, ["shot.png"]),
    (.panoramas, ["pano.jpg"]),
    (.selfPortraits, ["me.jpg"]),
    (.animated, ["cat.gif"]),
    (.recentlyAdded, ["Trips/clip.mov"]),
    (.allHidden, ["secret.jpg"]),
    (.slomoVideos, ["Trips/clip.mov"]),
    (.timelapses, ["lapse.mp4"]),
  ]

  /// Every album counted in one pass gives each album's own count and key photo (Recently
  /// Added's: the last added, the first in listing order among those added at once).
  @Test func oneCountingPassGivesEachAlbumsCountAndKey() {
    let library =
      Self.library + [
        Self.asset("tie-a.jpg", addedDaysAgo: 3), Self.asset("tie-b.jpg", addedDaysAgo: 3),
        Self.asset("later.mov", .video, addedDaysAgo: 2),
      ]
    let albums = SmartAlbum.allCases
    let counted = SmartAlbum.countsAndKeys(of: albums, in: AssetList(library), now: Self.now)
    for (album, (count, key)) in zip(albums, counted) {
      let members = album.members(of: AssetList(library), now: Self.now)
      #expect(count == members.count, "\(album)")
      #expect(
        key == AssetCollection.keyAsset(of: .smartAlbum(album), newestFirst: Array(members))?.id,
        "\(album)")
    }
    #expect(counted[albums.firstIndex(of: .recentlyAdded)!].key == "Trips/clip.mov")
  }

  @Test(arguments: members)
  func membershipFollowsTheRule(album: SmartAlbum, members: [String]) {
    #expect(album.members(of: AssetList(Self.library), now: Self.now).map(\.id) == members)
  }

  @Test func everySmartAlbumIsListedWithPhotoKitsRawValuesAndTitles() {
    #expect(Set(SmartAlbum.displayOrder) == Set(SmartAlbum.allCases))
    #expect(SmartAlbum.userLibrary.rawValue == 209 && SmartAlbum.userLibrary.title == "Recents")
    #expect(SmartAlbum.livePhotos.rawValue == 213 && SmartAlbum.allHidden.rawValue == 205)
    #expect(SmartAlbum(name: "Recents") == .userLibrary)
    #expect(SmartAlbum(name: "livePhotos") == .livePhotos)
    #expect(SmartAlbum(name: "smartAlbumSelfPortraits") == .selfPortraits)
    #expect(SmartAlbum(name: "Trips") == nil)
  }

  static func session(_ state: AuthorizationState) -> PhotoLibrarySession {
    PhotoLibrarySession(
      bundleID: "com.example.test", ios: .iOS17,
      backend: MemoryLibraryBackend(assets: library),
      store: MemoryAuthorizationStore(["com.example.test": state]))
  }

  static let states: [(AuthorizationState, Int?, Int?, [String])] = [
    (AuthorizationState(readWrite: .authorized), 8, 1, ["Trips"]),
    (
      AuthorizationState(
        // The app's own creation joined the selection when it was made.
        readWrite: .limited, limitedSelection: ["Trips/clip.mov", "secret.jpg", "photo.jpg"],
        createdAssetIDs: ["photo.jpg"]),
      2, 1, []
    ),
    (AuthorizationState(readWrite: .limited), 0, 0, []),
    (AuthorizationState(addOnly: .authorized), nil, nil, []),
    (AuthorizationState(readWrite: .denied), nil, nil, []),
    (AuthorizationState.firstLaunch, nil, nil, []),
    (AuthorizationState(readWrite: .authorized, isRestricted: true), nil, nil, []),
  ]

  @Test(arguments: states)
  func collectionsFollowAccessAsFetchesDo(
    state: AuthorizationState, recents: Int?, hidden: Int?, albums: [String]
  ) throws {
    let session = Self.session(state)
    let collections = try session.collections(now: Self.now)
    guard let recents, let hidden else {
      #expect(collections.isEmpty)
      return
    }
    let smart = collections.compactMap { collection -> (SmartAlbum, Int)? in
      if case .smartAlbum(let album) = collection.kind { return (album, collection.count) }
      return nil
    }
    #expect(smart.map(\.0) == SmartAlbum.displayOrder)
    #expect(smart.first { $0.0 == .userLibrary }?.1 == recents)
    #expect(smart.first { $0.0 == .allHidden }?.1 == hidden)
    // Never more than the app may read.
    let visible = Set(try session.fetchAssets().map(\.id))
    for collection in collections {
      #expect(Set(collection.assets.map(\.id)).isSubset(of: visible))
    }
    let userAlbums = collections.compactMap { collection -> String? in
      if case .album(let name) = collection.kind { return name }
      return nil
    }
    #expect(userAlbums == albums)
  }

  @Test func aUserAlbumHidesHiddenAssets() throws {
    let trips = try Self.session(AuthorizationState(readWrite: .authorized))
      .collection(.album("Trips"), now: Self.now)
    #expect(trips.assets.map(\.id) == ["Trips/live.heic", "Trips/clip.mov"])
  }

  @Test func albumsAreRefusedUnderLimitedAccess() {
    let session = Self.session(
      AuthorizationState(readWrite: .limited, limitedSelection: ["Trips/clip.mov"]))
    #expect(throws: PhotoLibraryError.self) { try session.collection(.album("Trips")) }
  }
}
