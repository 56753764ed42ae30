import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// Key assets, the albums holding an asset, deleting albums, one object's change details,
  /// Live Photo resources and the key-value names apps read from assets.
  @Suite struct AlbumsAndObjectChanges {
    static func album(_ name: String) throws -> PHAssetCollection {
      try #require(
        PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [name], options: nil)
          .firstObject)
    }

    @Test func keyAssetsAreAnAlbumsFirstAndASmartAlbumsNewest() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let trips = try Self.album("Trips")
      #expect(
        PhotoKitCompatTests.ids(try #require(PHAsset.fetchKeyAssets(in: trips, options: nil)))
          == ["Trips/hill.jpg"])
      let newestFirst = PHFetchOptions()
      newestFirst.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
      #expect(
        PHAsset.fetchKeyAssets(in: trips, options: newestFirst)?.firstObject?.localIdentifier
          == "Trips/beach.jpg")
      let recents = try #require(
        PHAssetCollection.fetchAssetCollections(
          with: .smartAlbum, subtype: .smartAlbumUserLibrary, options: nil
        ).firstObject)
      #expect(
        PHAsset.fetchKeyAssets(in: recents, options: nil)?.firstObject?.localIdentifier
          == "new.jpg")
      let none = PHFetchOptions()
      none.predicate = NSPredicate(format: "mediaType == %d", PHAssetMediaType.video.rawValue)
      #expect(PHAsset.fetchKeyAssets(in: trips, options: none) == nil)
    }

    @Test func collectionsContainingAnAssetAreItsAlbumAndItsSmartAlbums() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let beach = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["Trips/beach.jpg"], options: nil)
          .firstObject)
      let albums = PHAssetCollection.fetchAssetCollectionsContaining(
        beach, with: .album, options: nil)
      #expect(albums.objects(at: IndexSet(0..<albums.count)).map(\.localIdentifier) == ["Trips"])
      let old = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["old.jpg"], options: nil).firstObject)
      #expect(
        PHAssetCollection.fetchAssetCollectionsContaining(old, with: .album, options: nil).count
          == 0)
      let smart = PHAssetCollection.fetchAssetCollectionsContaining(
        old, with: .smartAlbum, options: nil)
      #expect(
        smart.objects(at: IndexSet(0..<smart.count)).contains {
          $0.assetCollectionSubtype == .smartAlbumUserLibrary
        })
    }

    /// As on a device the album goes and its photos stay; the user confirms first.
    @Test func deletingAnAlbumKeepsItsPhotosAfterTheConfirmation() throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      let state = try TestPaths.makeTemporaryDirectory("photokit-state")
      let device = try PhotoKitDevice.install(
        readWrite: .authorized, library: library, stateDirectory: state)
      let trips = try Self.album("Trips")
      #expect(trips.canPerform(.delete))
      device.user.willConfirmDeletion(.dontAllow, .delete)
      let delete = { PHAssetCollectionChangeRequest.deleteAssetCollections([trips] as NSArray) }
      #expect(Deletion.change(delete) == .userCancelled)
      #expect(
        PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil)
          .count == 1)
      #expect(Deletion.change(delete) == nil)
      #expect(device.user.deletionPrompts.last?.title == "Allow “app” to delete the album “Trips”?")
      #expect(
        PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil).count
          == 0)
      #expect(
        PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: nil)).sorted() == [
          "cat.png", "grace.jpg",
        ])
      #expect(!FileManager.default.fileExists(atPath: library.appendingPathComponent("Trips").path))
    }

    @Test(arguments: [PHAuthorizationStatus.limited, .denied])
    func onlyFullAccessDeletesAlbums(readWrite: PHAuthorizationStatus) throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let trips = try Self.album("Trips")
      try PhotoKitCompatTests.install(readWrite: readWrite, selection: ["old.jpg"])
      #expect(
        Deletion.change { PHAssetCollectionChangeRequest.deleteAssetCollections([trips]) }
          == .accessUserDenied)
    }

    @Test func smartAlbumsCannotBeDeleted() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let favorites = try #require(
        PHAssetCollection.fetchAssetCollections(
          with: .smartAlbum, subtype: .smartAlbumFavorites, options: nil
        ).firstObject)
      #expect(!favorites.canPerform(.delete))
      #expect(
        Deletion.change { PHAssetCollectionChangeRequest.deleteAssetCollections([favorites]) }
          == .changeNotSupported)
    }

    /// A change block is checked whole before anything is written: a smart album among its
    /// deletions fails it, and the flag set in the same block stays unset.
    @Test func aRefusedSmartAlbumDeletionChangesNothingElse() throws {
      let state = try TestPaths.makeTemporaryDirectory("photokit-state")
      defer { try? FileManager.default.removeItem(at: state) }
      try PhotoKitDevice.install(
        readWrite: .authorized, library: try PhotoKitCompatTests.sampleLibrary(),
        stateDirectory: state)
      let grace = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).firstObject)
      let favorites = try #require(
        PHAssetCollection.fetchAssetCollections(
          with: .smartAlbum, subtype: .smartAlbumFavorites, options: nil
        ).firstObject)
      #expect(
        Deletion.change {
          PHAssetChangeRequest(for: grace).isFavorite = true
          PHAssetCollectionChangeRequest.deleteAssetCollections([favorites])
        } == .changeNotSupported)
      #expect(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).firstObject?
          .isFavorite == false)
    }

    /// An observer following one asset hears it changed, then deleted.
    @Test func objectChangeDetailsFollowOneAsset() async throws {
      let state = try TestPaths.makeTemporaryDirectory("photokit-state")
      let device = try PhotoKitDevice.install(
        readWrite: .authorized, library: try PhotoKitCompatTests.sampleLibrary(),
        stateDirectory: state)
      let old = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).firstObject)
      let recorder = ChangeRecorder()
      PHPhotoLibrary.shared().register(recorder)
      defer { PHPhotoLibrary.shared().unregisterChangeObserver(recorder) }

      #expect(Deletion.change { PHAssetChangeRequest(for: old).isFavorite = true } == nil)
      try await recorder.changes.wait { !$0.isEmpty }
      let favourite = try #require(recorder.changes.all.first?.changeDetails(for: old))
      #expect(favourite.objectAfterChanges?.isFavorite == true)
      #expect(!favourite.objectWasDeleted)
      #expect(!favourite.assetContentChanged)
      let mid = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["Trips/cat.png"], options: nil).firstObject)
      #expect(recorder.changes.all.first?.changeDetails(for: mid) == nil)

      device.user.willConfirmDeletion(.delete)
      #expect(Deletion.delete(["grace.jpg"]) == nil)
      try await recorder.changes.wait { $0.count >= 2 }
      let deleted = try #require(recorder.changes.all.last?.changeDetails(for: old))
      #expect(deleted.objectWasDeleted)
      #expect(deleted.objectAfterChanges == nil)
    }

    @Test func aLivePhotosResourcesAreItsStillAndItsMovie() async throws {
      try PhotoKitCompatTests.install(readWrite: .authorized, library: try VideoRequests.library())
      let grace = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).firstObject)
      let box = UncheckedBox(grace)
      let live: PHLivePhoto? = await withCheckedContinuation { continuation in
        PHImageManager.default().requestLivePhoto(
          for: box.value, targetSize: PHImageManagerMaximumSize, contentMode: .default,
          options: nil
        ) { livePhoto, _ in continuation.resume(returning: livePhoto) }
      }
      let resources = PHAssetResource.assetResources(for: try #require(live))
      #expect(resources.map(\.type) == [.photo, .pairedVideo])
      #expect(resources.map(\.originalFilename) == ["grace.jpg", "grace.MOV"])
      #expect(resources.allSatisfy { $0.assetLocalIdentifier == "grace.jpg" })
    }

    @Test func anAssetsFileNameIsItsFilenameValue() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let beach = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["Trips/beach.jpg"], options: nil)
          .firstObject)
      #expect(beach.value(forKey: "filename") as? String == "beach.jpg")
      #expect(beach.value(forKey: "localIdentifier") as? String == "Trips/beach.jpg")
      #expect(beach.value(forKey: "noSuchKey") == nil)
    }
  }
}
