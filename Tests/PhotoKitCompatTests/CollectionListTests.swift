import Foundation
import PhotoKitCompat
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// Folders of albums: a folder holding only folders is a `PHCollectionList`, at any depth.
  @Suite struct CollectionLists {
    static func library() throws -> URL {
      let root = try TestPaths.makeTemporaryDirectory("photokit-lists")
      let source = TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg")
      for path in ["Trips/2024/a.jpg", "Trips/2025/deep/b.jpg", "Family/c.jpg", "d.jpg"] {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: url)
      }
      return root
    }

    @Test func topLevelUserCollectionsAreFoldersAndAlbumsAsInPhotos() throws {
      let root = try Self.library()
      defer { try? FileManager.default.removeItem(at: root) }
      try PhotoKitCompatTests.install(readWrite: .authorized, library: root)
      let top = PHCollection.fetchTopLevelUserCollections(with: nil)
      let collections = (0..<top.count).map { top.object(at: $0) }
      #expect(collections.map(\.localizedTitle) == ["Family", "Trips"])
      #expect(collections[0] is PHAssetCollection)
      let trips = try #require(collections[1] as? PHCollectionList)
      #expect(trips.canContainCollections && !trips.canContainAssets)
      let inner = PHCollection.fetchCollections(in: trips, options: nil)
      let children = (0..<inner.count).map { inner.object(at: $0) }
      #expect(children.map(\.localIdentifier) == ["Trips/2024", "Trips/2025"])
      #expect(children.map(\.localizedTitle) == ["2024", "2025"])
      let album = try #require(children[0] as? PHAssetCollection)
      #expect(album.estimatedAssetCount == 1)
      // "Trips/2025" holds only "deep": a folder again, whose album holds the photo.
      let nested = try #require(children[1] as? PHCollectionList)
      let deepest = PHCollection.fetchCollections(in: nested, options: nil)
      let deep = try #require(deepest.firstObject as? PHAssetCollection)
      #expect(deepest.count == 1 && deep.localIdentifier == "Trips/2025/deep")
      #expect(deep.localizedTitle == "deep")
      let photos = PHAsset.fetchAssets(in: deep, options: nil)
      #expect(photos.firstObject?.localIdentifier == "Trips/2025/deep/b.jpg")
    }

    @Test func everyAlbumIsFetchedWhereverItsFolderIs() throws {
      let root = try Self.library()
      defer { try? FileManager.default.removeItem(at: root) }
      try PhotoKitCompatTests.install(readWrite: .authorized, library: root)
      let albums = PHAssetCollection.fetchAssetCollections(
        with: .album, subtype: .albumRegular, options: nil)
      let paths = (0..<albums.count).map { albums.object(at: $0).localIdentifier }
      #expect(paths == ["Family", "Trips/2024", "Trips/2025/deep"])
    }

    @Test func limitedAccessListsNoUserCollection() throws {
      let root = try Self.library()
      defer { try? FileManager.default.removeItem(at: root) }
      try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["Trips/2024/a.jpg"], library: root)
      #expect(PHCollection.fetchTopLevelUserCollections(with: nil).count == 0)
    }
  }
}
