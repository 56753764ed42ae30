import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import TestSupport
import Testing

/// An availability observer that counts what it hears.
final class AvailabilityRecorder: PHPhotoLibraryAvailabilityObserver, @unchecked Sendable {
  let calls = Recorder<Bool>()
  func photoLibraryDidBecomeUnavailable(_ photoLibrary: PHPhotoLibrary) {
    calls.append(true)
  }
}

extension PhotoKitCompatTests {
  /// Change tokens and persistent changes (iOS 16) and the library's availability.
  @Suite struct PersistentChanges {
    @Test func changesSinceATokenListInsertedAndDeletedAssets() throws {
      let device = try PhotoKitCompatTests.install(readWrite: .authorized)
      let library = PHPhotoLibrary.shared()
      let token = library.currentChangeToken
      #expect(Array(try library.fetchPersistentChanges(since: token)).isEmpty)
      device.user.willConfirmDeletion(.delete)
      let old = PHAsset.fetchAssets(withLocalIdentifiers: ["old.jpg"], options: nil)
      try library.performChangesAndWait {
        PHAssetChangeRequest.deleteAssets(old)
        PHAssetChangeRequest.creationRequestForAssetFromImage(
          atFileURL: PhotoKitCompatTests.imageToSave)
      }
      let changes = Array(try library.fetchPersistentChanges(since: token))
      #expect(changes.count == 1)
      let details = try #require(try changes.first?.changeDetails(for: .asset))
      #expect(details.insertedLocalIdentifiers == ["coffee-cup-progressive.jpg"])
      #expect(details.deletedLocalIdentifiers == ["old.jpg"])
      #expect(details.updatedLocalIdentifiers.isEmpty)
      #expect(changes.first?.changeToken == library.currentChangeToken)
    }

    @Test func aTokenSurvivesArchiving() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let token = PHPhotoLibrary.shared().currentChangeToken
      let data = try NSKeyedArchiver.archivedData(
        withRootObject: token, requiringSecureCoding: true)
      let restored = try NSKeyedUnarchiver.unarchivedObject(
        ofClass: PHPersistentChangeToken.self, from: data)
      #expect(restored == token)
    }

    @Test func persistentChangesNeedReadWriteAccess() throws {
      try PhotoKitCompatTests.install(readWrite: .denied)
      let token = PHPhotoLibrary.shared().currentChangeToken
      #expect(throws: PHPhotosError.self) {
        try PHPhotoLibrary.shared().fetchPersistentChanges(since: token)
      }
    }

    @Test func aMissingLibraryFolderMakesTheLibraryUnavailable() async throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      let device = try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      #expect(PHPhotoLibrary.shared().unavailabilityReason == nil)
      let observer = AvailabilityRecorder()
      PHPhotoLibrary.shared().register(observer)
      try FileManager.default.removeItem(at: library)
      #expect(PHPhotoLibrary.shared().unavailabilityReason != nil)
      device.session.notify(.assetsChanged([]))
      try await observer.calls.wait { !$0.isEmpty }
      PHPhotoLibrary.shared().unregisterAvailabilityObserver(observer)
    }
  }
}
