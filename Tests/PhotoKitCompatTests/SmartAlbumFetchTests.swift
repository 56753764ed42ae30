import Foundation
import PhotoKitCompat
import PhotoLibrary
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// A picker's usual opening — the Recents smart album, then its assets by creation date —
  /// and media-type fetches, as a device answers them.
  @Suite struct SmartAlbumFetches {
    static let video = TestPaths.packageRoot.appendingPathComponent(
      "Tests/ImageDecodingTests/Fixtures/video")

    /// Two photos (one in "Trips"), a Live Photo pair and a slow-motion video.
    static func library() throws -> URL {
      let root = try PhotoKitCompatTests.sampleLibrary()
      let media = TestPaths.packageRoot.appendingPathComponent(
        "Tests/PhotoLibraryTests/Fixtures/media")
      try FileManager.default.copyItem(
        at: media.appendingPathComponent("IMG_0001.JPG"),
        to: root.appendingPathComponent("IMG_0001.JPG"))
      try FileManager.default.copyItem(
        at: video.appendingPathComponent("iphone15pro-hevc-live-photo.mov"),
        to: root.appendingPathComponent("IMG_0001.MOV"))
      try FileManager.default.copyItem(
        at: video.appendingPathComponent("h264-240fps.mov"),
        to: root.appendingPathComponent("IMG_0002.MOV"))
      return root
    }

    /// What a picker does first: Recents, then its assets, newest first.
    static func openRecents() -> (PHFetchResult<PHAssetCollection>, [PHAsset]) {
      let recents = PHAssetCollection.fetchAssetCollections(
        with: .smartAlbum, subtype: .smartAlbumUserLibrary, options: nil)
      let options = PHFetchOptions()
      options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
      guard let album = recents.firstObject else { return (recents, []) }
      let result = PHAsset.fetchAssets(in: album, options: options)
      return (recents, (0..<result.count).map { result.object(at: $0) })
    }

    @Test func recentsHoldsEveryAssetWithFullAccess() throws {
      let root = try Self.library()
      defer { try? FileManager.default.removeItem(at: root) }
      try PhotoKitCompatTests.install(readWrite: .authorized, library: root)
      let (recents, assets) = Self.openRecents()
      #expect(recents.count == 1)
      let album = try #require(recents.firstObject)
      #expect(album.localizedTitle == "Recents")
      #expect(album.assetCollectionType == .smartAlbum)
      #expect(album.assetCollectionSubtype == .smartAlbumUserLibrary)
      #expect(
        Set(assets.map(\.localIdentifier)) == [
          "grace.jpg", "Trips/cat.png", "IMG_0001.JPG", "IMG_0002.MOV",
        ])
      let dates = assets.compactMap(\.creationDate)
      #expect(dates == dates.sorted(by: >))
      let live = try #require(assets.first { $0.localIdentifier == "IMG_0001.JPG" })
      #expect(live.mediaType == .image && live.mediaSubtypes.contains(.photoLive))
      let movie = try #require(assets.first { $0.localIdentifier == "IMG_0002.MOV" })
      #expect(movie.mediaType == .video && movie.duration > 0)
      #expect(movie.mediaSubtypes.contains(.videoHighFrameRate))

      let videos = PHAsset.fetchAssets(with: .video, options: nil)
      #expect(videos.count == 1 && videos.firstObject?.localIdentifier == "IMG_0002.MOV")
      let smart = PHAssetCollection.fetchAssetCollections(
        with: .smartAlbum, subtype: .any, options: nil)
      #expect(smart.count == SmartAlbum.allCases.count)
      let livePhotos = PHAssetCollection.fetchAssetCollections(
        with: .smartAlbum, subtype: .smartAlbumLivePhotos, options: nil)
      let liveAlbum = try #require(livePhotos.firstObject)
      #expect(
        PHAsset.fetchAssets(in: liveAlbum, options: nil).firstObject?.localIdentifier
          == "IMG_0001.JPG")
      #expect(
        PHAssetCollection.fetchAssetCollections(
          withLocalIdentifiers: [liveAlbum.localIdentifier], options: nil
        ).firstObject?.localizedTitle == "Live Photos")
    }

    @Test func predicatesReadTheMediaKeys() throws {
      let root = try Self.library()
      defer { try? FileManager.default.removeItem(at: root) }
      try PhotoKitCompatTests.install(readWrite: .authorized, library: root)
      func ids(_ format: String, _ arguments: [Any]) -> [String] {
        let options = PHFetchOptions()
        options.predicate = NSPredicate(format: format, argumentArray: arguments)
        let result = PHAsset.fetchAssets(with: options)
        return (0..<result.count).map { result.object(at: $0).localIdentifier }
      }
      #expect(ids("mediaType == %d", [PHAssetMediaType.video.rawValue]) == ["IMG_0002.MOV"])
      #expect(
        ids("(mediaSubtypes & %d) != 0", [PHAssetMediaSubtype.photoLive.rawValue]) == [
          "IMG_0001.JPG"
        ])
      #expect(ids("duration > 0", []) == ["IMG_0002.MOV"])
    }

    @Test func recentsHoldsOnlyTheSelectionWithLimitedAccess() throws {
      let root = try Self.library()
      defer { try? FileManager.default.removeItem(at: root) }
      try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["IMG_0001.JPG"], library: root)
      let (recents, assets) = Self.openRecents()
      #expect(recents.count == 1)
      #expect(assets.map(\.localIdentifier) == ["IMG_0001.JPG"])
      #expect(
        PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil).count
          == 0)
    }

    @Test(arguments: [PHAuthorizationStatus.denied, .notDetermined])
    func noSmartAlbumWithoutReadAccess(status: PHAuthorizationStatus) throws {
      let root = try Self.library()
      defer { try? FileManager.default.removeItem(at: root) }
      try PhotoKitCompatTests.install(readWrite: status, library: root)
      let (recents, assets) = Self.openRecents()
      #expect(recents.count == 0)
      #expect(assets.isEmpty)
    }

    @Test func aChangeRequestMarksAFavouriteAndHidesForEveryApp() throws {
      let root = try Self.library()
      let state = try TestPaths.makeTemporaryDirectory("photokit-state")
      defer {
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.removeItem(at: state)
      }
      try PhotoKitDevice.install(
        readWrite: .authorized, library: root, stateDirectory: state,
        onTermination: { _ in })
      let grace = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).firstObject)
      #expect(!grace.isFavorite)
      try PHPhotoLibrary.shared().performChangesAndWait {
        PHAssetChangeRequest(for: grace).isFavorite = true
      }
      let favorites = try #require(
        PHAssetCollection.fetchAssetCollections(
          with: .smartAlbum, subtype: .smartAlbumFavorites, options: nil
        ).firstObject)
      #expect(
        PHAsset.fetchAssets(in: favorites, options: nil).firstObject?.localIdentifier
          == "grace.jpg")
      try PHPhotoLibrary.shared().performChangesAndWait {
        PHAssetChangeRequest(for: grace).isHidden = true
      }
      #expect(PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).count == 0)
      let options = PHFetchOptions()
      options.includeHiddenAssets = true
      let hidden = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: options).firstObject)
      #expect(hidden.isHidden && hidden.isFavorite)
      // Another app of the same library sees the same flags.
      try PhotoKitDevice.install(
        bundleID: "com.example.other", readWrite: .authorized, library: root,
        stateDirectory: state, onTermination: { _ in })
      let hiddenAlbum = try #require(
        PHAssetCollection.fetchAssetCollections(
          with: .smartAlbum, subtype: .smartAlbumAllHidden, options: nil
        ).firstObject)
      #expect(
        PHAsset.fetchAssets(in: hiddenAlbum, options: nil).firstObject?.localIdentifier
          == "grace.jpg")
    }

    @Test func aChangeRequestForAnAssetTheAppCannotSeeFails() throws {
      let root = try Self.library()
      let state = try TestPaths.makeTemporaryDirectory("photokit-state")
      defer {
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.removeItem(at: state)
      }
      try PhotoKitDevice.install(
        readWrite: .authorized, library: root, stateDirectory: state, onTermination: { _ in })
      let grace = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).firstObject)
      try PhotoKitDevice.install(
        readWrite: .limited, selection: ["IMG_0001.JPG"], library: root, stateDirectory: state,
        onTermination: { _ in })
      #expect(throws: PHPhotosError.self) {
        try PHPhotoLibrary.shared().performChangesAndWait {
          PHAssetChangeRequest(for: grace).isFavorite = true
        }
      }
    }
  }
}
