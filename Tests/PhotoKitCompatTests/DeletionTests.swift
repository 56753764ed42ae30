import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// `PHAssetChangeRequest.deleteAssets(_:)`: the system confirmation, who may delete what,
  /// and where a folder library's files go.
  @Suite struct Deletion {
    /// Runs one change block and returns the PhotoKit error code (nil: success).
    static func change(_ block: @escaping () -> Void) -> PHPhotosError.Code? {
      do {
        try PHPhotoLibrary.shared().performChangesAndWait(block)
        return nil
      } catch let error as PHPhotosError {
        return error.code
      } catch {
        return .invalid
      }
    }

    static func delete(_ ids: [String]) -> PHPhotosError.Code? {
      let assets = PHAsset.fetchAssets(withLocalIdentifiers: ids, options: nil)
      return change { PHAssetChangeRequest.deleteAssets(assets) }
    }

    @Test func deleteShowsTheConfirmationAndDeletesOnlyWhenAllowed() throws {
      let device = try PhotoKitCompatTests.install(readWrite: .authorized)
      device.user.willConfirmDeletion(.dontAllow, .delete)
      #expect(Self.delete(["old.jpg", "mid.png"]) == .userCancelled)
      #expect(PHAsset.fetchAssets(with: nil).count == 5)
      #expect(Self.delete(["old.jpg", "mid.png"]) == nil)
      #expect(
        PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: nil))
          == ["Trips/hill.jpg", "Trips/beach.jpg", "new.jpg"])
      let prompts = device.user.deletionPrompts
      #expect(prompts.count == 2)
      #expect(prompts.first?.title == "Allow “app” to delete 2 photos?")
      #expect(prompts.first?.buttons.map(\.role) == [.dontAllow, .delete])
      #expect(prompts.first?.buttons.map(\.label) == ["Don’t Allow", "Delete"])
    }

    @Test func oneAssetIsCalledThisPhoto() throws {
      let device = try PhotoKitCompatTests.install(readWrite: .authorized)
      device.user.willConfirmDeletion(.delete)
      #expect(Self.delete(["new.jpg"]) == nil)
      #expect(device.user.deletionPrompts.map(\.title) == ["Allow “app” to delete this photo?"])
    }

    /// Limited apps delete only what they may read; add-only and denied apps nothing.
    @Test(arguments: [
      (PHAuthorizationStatus.limited, ["old.jpg"], PHPhotosError.Code?.none),
      (.limited, ["mid.png"], .identifierNotFound),
      (.denied, ["old.jpg"], .accessUserDenied),
      (.notDetermined, ["old.jpg"], .accessUserDenied),
    ])
    func deletionFollowsTheAccess(
      readWrite: PHAuthorizationStatus, ids: [String], expected: PHPhotosError.Code?
    ) throws {
      // Objects fetched earlier, as an app keeps them across a change of access.
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let assets = PHAsset.fetchAssets(withLocalIdentifiers: ids, options: nil)
      let device = try PhotoKitCompatTests.install(
        readWrite: readWrite, addOnly: readWrite == .notDetermined ? .authorized : .notDetermined,
        selection: ["old.jpg"])
      device.user.willConfirmDeletion(.delete)
      #expect(assets.count == ids.count)
      #expect(Self.change { PHAssetChangeRequest.deleteAssets(assets) } == expected)
      let all = try device.session.backend.allAssets().map(\.id)
      #expect(all.contains(ids[0]) == (expected != nil))
      // Nothing is shown when the request is refused.
      #expect(device.user.deletionPrompts.count == (expected == nil ? 1 : 0))
    }

    @Test func anUnansweredConfirmationNeverCallsTheCompletion() async throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let calls = Recorder<Bool>()
      let assets = PHAsset.fetchAssets(withLocalIdentifiers: ["old.jpg"], options: nil)
      PHPhotoLibrary.shared().performChanges({ PHAssetChangeRequest.deleteAssets(assets) }) {
        ok, _ in calls.append(ok)
      }
      // A second change queued behind it proves the first one finished.
      let done = Recorder<Bool>()
      PHPhotoLibrary.shared().performChanges({}) { ok, _ in done.append(ok) }
      try await done.wait { !$0.isEmpty }
      #expect(calls.all.isEmpty)
      #expect(PHAsset.fetchAssets(with: nil).count == 5)
    }

    @Test func aFolderLibraryMovesDeletedFilesToRecentlyDeletedInTheStateFolder() throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      let state = try TestPaths.makeTemporaryDirectory("photokit-state")
      let device = try PhotoKitDevice.install(
        readWrite: .authorized, library: library, stateDirectory: state)
      device.user.willConfirmDeletion(.delete)
      #expect(Self.delete(["Trips/cat.png"]) == nil)
      let manager = FileManager.default
      #expect(!manager.fileExists(atPath: library.appendingPathComponent("Trips/cat.png").path))
      #expect(
        manager.fileExists(
          atPath: state.appendingPathComponent("Recently Deleted/Trips/cat.png").path))
      #expect(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: nil)) == ["grace.jpg"])
    }

    @Test func editingDatesOrLocationsOfExistingAssetsFailsAsUnsupported() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let asset = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["old.jpg"], options: nil).firstObject)
      #expect(Self.change { _ = PHAssetChangeRequest(for: asset) } == nil)
      #expect(
        Self.change { PHAssetChangeRequest(for: asset).creationDate = Date() }
          == .changeNotSupported)
      #expect(
        Self.change {
          PHAssetChangeRequest(for: asset).location = CLLocation(latitude: 1, longitude: 2)
        } == .changeNotSupported)
      #expect(asset.canPerform(.delete))
      #expect(!asset.canPerform(.properties))
    }

    @Test func removingFromAnAlbumFailsAndInsertingNewAssetsWorks() throws {
      let device = try PhotoKitCompatTests.install(readWrite: .authorized)
      let album = try #require(
        PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil)
          .firstObject)
      #expect(album.canPerform(.addContent))
      #expect(!album.canPerform(.removeContent))
      let beach = PHAsset.fetchAssets(withLocalIdentifiers: ["Trips/beach.jpg"], options: nil)
      #expect(
        Self.change { PHAssetCollectionChangeRequest(for: album)?.removeAssets(beach) }
          == .changeNotSupported)
      #expect(
        Self.change {
          let created = PHAssetChangeRequest.creationRequestForAssetFromImage(
            atFileURL: PhotoKitCompatTests.imageToSave)
          guard let placeholder = created?.placeholderForCreatedAsset else { return }
          PHAssetCollectionChangeRequest(for: album)?.insertAssets(
            [placeholder] as NSArray, at: IndexSet(integer: 0))
        } == nil)
      #expect(try device.session.backend.allAssets().first?.album == "Trips")
    }
  }
}
