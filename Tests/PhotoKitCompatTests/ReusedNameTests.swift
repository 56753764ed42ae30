import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// A new photo saved under the name of a deleted one is a new asset: a limited app that had
  /// the old one does not fetch it, and a change token sees a deletion and an insertion.
  @Suite struct ReusedName {
    /// Deletes `grace.jpg` and saves another photo under its name, then waits (with a
    /// deadline) until the device lists the new file.
    static func replaceGrace(in library: URL, device: PhotoKitDevice) async throws {
      let grace = library.appendingPathComponent("grace.jpg")
      try FileManager.default.removeItem(at: grace)
      try FileManager.default.copyItem(
        at: TestPaths.sampleImages.appendingPathComponent("summer-palace-beijing.jpg"), to: grace)
      let deadline = ContinuousClock.now + .seconds(20)
      while ContinuousClock.now < deadline {
        let listed = try device.session.backend.allAssets().first { $0.id == "grace.jpg" }
        if let listed, listed.pixelWidth == 640 { return }
        try await Task.sleep(for: .milliseconds(20))
      }
      Issue.record("the device never listed the new grace.jpg")
    }

    @Test func aLimitedAppDoesNotFetchANewPhotoUnderASelectedName() async throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      defer { try? FileManager.default.removeItem(at: library) }
      let device = try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["grace.jpg"], library: library)
      #expect(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: nil)) == ["grace.jpg"])
      let token = PHPhotoLibrary.shared().currentChangeToken
      try await Self.replaceGrace(in: library, device: device)
      #expect(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: nil)).isEmpty)
      #expect(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).count == 0)
      let changes = Array(try PHPhotoLibrary.shared().fetchPersistentChanges(since: token))
      let details = try #require(try changes.first?.changeDetails(for: .asset))
      #expect(details.deletedLocalIdentifiers == ["grace.jpg"])
      #expect(details.insertedLocalIdentifiers.isEmpty)
      #expect(details.updatedLocalIdentifiers.isEmpty)
    }

    @Test func aTokenSeesAReplacedFileAsDeletedAndInsertedNotUpdated() async throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      defer { try? FileManager.default.removeItem(at: library) }
      let device = try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      let token = PHPhotoLibrary.shared().currentChangeToken
      let archived = try NSKeyedArchiver.archivedData(
        withRootObject: token, requiringSecureCoding: true)
      try await Self.replaceGrace(in: library, device: device)
      let restored = try #require(
        try NSKeyedUnarchiver.unarchivedObject(
          ofClass: PHPersistentChangeToken.self, from: archived))
      let changes = Array(try PHPhotoLibrary.shared().fetchPersistentChanges(since: restored))
      let details = try #require(try changes.first?.changeDetails(for: .asset))
      #expect(details.deletedLocalIdentifiers == ["grace.jpg"])
      #expect(details.insertedLocalIdentifiers == ["grace.jpg"])
      #expect(details.updatedLocalIdentifiers.isEmpty)
    }

    @Test func anEditOfADeletedPhotoDoesNotShowOnANewOneUnderItsName() async throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      let state = try TestPaths.makeTemporaryDirectory("photokit-state")
      defer {
        try? FileManager.default.removeItem(at: library)
        try? FileManager.default.removeItem(at: state)
      }
      let device = try PhotoKitDevice.install(
        readWrite: .authorized, library: library, stateDirectory: state)
      let outcome = try device.session.saveEdit(
        ofAssetWithID: "grace.jpg", renderedFileAt: PhotoKitCompatTests.imageToSave,
        adjustment: AssetEdit.Adjustment(
          formatIdentifier: "com.example.filters", formatVersion: "1.0", data: Data("sepia".utf8)),
        confirm: { _ in .modify })
      #expect(outcome == .saved)
      let edited = PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil)
      #expect(edited.firstObject?.hasAdjustments == true)
      try await Self.replaceGrace(in: library, device: device)
      #expect(try device.session.edit(ofAssetWithID: "grace.jpg") == nil)
      let new = PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil)
      #expect(new.firstObject?.hasAdjustments == false)
    }
  }
}
