import Foundation
import PhotoKitCompat
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// Folders of albums: a first-level folder holding only folders is a `PHCollectionList`.
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
      let albums = (0..<inner.count).compactMap { inner.object(at: $0) as? PHAssetCollection }
      #expect(albums.map(\.localIdentifier) == ["Trips/2024", "Trips/2025"])
      #expect(albums.map(\.estimatedAssetCount) == [1, 1])
      let deep = PHAsset.fetchAssets(in: albums[1], options: nil)
      #expect(deep.firstObject?.localIdentifier == "Trips/2025/deep/b.jpg")
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
