import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import TestSupport
import Testing

/// A fetch made right after `performChangesAndWait` returns sees the change, as on iOS, even
/// while the device's folder watcher is still looking at the library after an earlier change
/// (its look must not bring back a listing from before the change).
@Suite(.isolatedPhotoKitDevice) struct FetchAfterChangeTests {
  @Test func eachSaveAndDeleteIsSeenByTheNextFetch() throws {
    let library = try TestPaths.makeTemporaryDirectory("fetch-after-change")
    defer { try? FileManager.default.removeItem(at: library) }
    try FileManager.default.copyItem(
      at: TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg"),
      to: library.appendingPathComponent("a.jpg"))
    let device = try PhotoKitDevice.install(readWrite: .authorized, library: library)
    let photo = TestPaths.sampleImages.appendingPathComponent("chelsea-the-cat.png")
    for round in 0..<25 {
      var placeholder: String?
      try PHPhotoLibrary.shared().performChangesAndWait {
        let request = PHAssetChangeRequest.creationRequestForAssetFromImage(atFileURL: photo)
        placeholder = request?.placeholderForCreatedAsset?.localIdentifier
      }
      let created = PHAsset.fetchAssets(withLocalIdentifiers: [placeholder ?? ""], options: nil)
      #expect(created.count == 1, "round \(round): the saved photo is not fetched")
      #expect(PHAsset.fetchAssets(with: nil).count == 2, "round \(round)")
      device.user.willConfirmDeletion(.delete)
      try PHPhotoLibrary.shared().performChangesAndWait {
        PHAssetChangeRequest.deleteAssets(created)
      }
      #expect(
        PHAsset.fetchAssets(with: nil).count == 1, "round \(round): a deleted photo is fetched")
    }
  }
}
