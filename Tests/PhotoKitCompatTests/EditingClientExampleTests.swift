import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import TestSupport
import Testing

@testable import PhotoKitCompatClients

extension PhotoKitCompatTests {
  /// The Swift 5 clients of content editing, one object's change details and key assets, run
  /// as an app would run them against a folder library.
  @Suite struct EditingClientExamples {
    static func install() throws -> (PhotoKitDevice, URL) {
      let library = try PhotoKitCompatTests.sampleLibrary()
      let state = try TestPaths.makeTemporaryDirectory("photokit-state")
      let device = try PhotoKitDevice.install(
        readWrite: .authorized, library: library, stateDirectory: state)
      return (device, library)
    }

    static func asset(_ id: String) throws -> PHAsset {
      try #require(PHAsset.fetchAssets(withLocalIdentifiers: [id], options: nil).firstObject)
    }

    @Test func theEditSaverRecompressesRedoesFromTheOriginalAndReverts() async throws {
      let (device, library) = try Self.install()
      let original = try Data(contentsOf: library.appendingPathComponent("grace.jpg"))
      let saver = PhotoEditSaver()
      let results = Recorder<Result<Void, PhotoEditSaver.Failure>>()
      device.user.willConfirmModification(.dontAllow, .modify, .modify, .modify)

      saver.recompress(try Self.asset("grace.jpg"), quality: 0.3) { results.append($0) }
      try await results.wait { $0.count == 1 }
      #expect(throws: PhotoEditSaver.Failure.cancelledByUser) { try results.all[0].get() }

      saver.recompress(try Self.asset("grace.jpg"), quality: 0.3) { results.append($0) }
      try await results.wait { $0.count == 2 }
      try results.all[1].get()
      let urls = Recorder<URL?>()
      PhotoEditSaver.fileURL(of: try Self.asset("grace.jpg")) { urls.append($0) }
      try await urls.wait { !$0.isEmpty }
      let shared = try Data(contentsOf: try #require(urls.all.first ?? nil))
      #expect(shared != original)
      #expect(shared.count < original.count)

      // The second session starts from the original and knows the first one's settings.
      saver.recompress(try Self.asset("grace.jpg"), quality: 0.5) { results.append($0) }
      try await results.wait { $0.count == 3 }
      try results.all[2].get()
      #expect(saver.lastQuality == 0.3)

      saver.revert(try Self.asset("grace.jpg")) { results.append($0) }
      try await results.wait { $0.count == 4 }
      try results.all[3].get()
      PhotoEditSaver.fileURL(of: try Self.asset("grace.jpg")) { urls.append($0) }
      try await urls.wait { $0.count == 2 }
      #expect(try Data(contentsOf: try #require(urls.all.last ?? nil)) == original)
      #expect(try Data(contentsOf: library.appendingPathComponent("grace.jpg")) == original)
      #expect(device.user.modificationPrompts.count == 4)
    }

    @Test func theDetailWatcherFollowsFavouriteEditAndDeletion() async throws {
      let (device, _) = try Self.install()
      let updates = Recorder<AssetChangeWatcher.Update>()
      let watcher = AssetChangeWatcher(asset: try Self.asset("grace.jpg")) {
        updates.append($0)
      }
      watcher.toggleFavorite()
      try await updates.wait { $0 == [.favorite(true)] }

      device.user.willConfirmModification(.modify)
      let saved = Recorder<Bool>()
      PhotoEditSaver().recompress(watcher.asset, quality: 0.4) { result in
        saved.append((try? result.get()) != nil)
      }
      try await saved.wait { !$0.isEmpty }
      #expect(saved.all == [true])
      try await updates.wait { $0.count == 2 }
      #expect(updates.all.last == .imageChanged)

      device.user.willConfirmDeletion(.delete)
      try PHPhotoLibrary.shared().performChangesAndWait {
        PHAssetChangeRequest.deleteAssets([watcher.asset] as NSArray)
      }
      try await updates.wait { $0.count == 3 }
      #expect(updates.all.last == .deleted)
    }

    @Test func theAlbumListShowsKeyPhotosAndDeletesAnAlbumButNotItsPhotos() async throws {
      let (device, library) = try Self.install()
      let loader = AlbumListLoader()
      let rows = loader.loadRows()
      #expect(rows.map(\.title) == ["Recents", "Favorites", "Trips"])
      #expect(rows.map(\.count) == [2, 0, 1])
      // Recents' key photo is its newest (the copied cat), an album's its first.
      #expect(rows.map(\.keyAssetIdentifier) == ["Trips/cat.png", nil, "Trips/cat.png"])
      let thumbnails = Recorder<Bool>()
      loader.thumbnail(for: rows[2]) { thumbnails.append($0 != nil) }
      try await thumbnails.wait { !$0.isEmpty }
      #expect(thumbnails.all == [true])
      #expect(loader.albumTitles(containing: try Self.asset("Trips/cat.png")) == ["Trips"])

      device.user.willConfirmDeletion(.delete)
      let deleted = Recorder<Bool>()
      loader.delete(rows[2]) { deleted.append($0) }
      try await deleted.wait { !$0.isEmpty }
      #expect(deleted.all == [true])
      #expect(loader.loadRows().map(\.title) == ["Recents", "Favorites"])
      #expect(PHAsset.fetchAssets(with: nil).count == 2)
      #expect(
        FileManager.default.fileExists(atPath: library.appendingPathComponent("cat.png").path))
    }
  }
}
