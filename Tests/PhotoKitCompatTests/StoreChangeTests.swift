import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// A running app hears what another process commits to its stored state: a change of the
  /// limited selection reaches its change observers, a Settings change terminates it.
  @Suite struct StoreChanges {
    @Test func aSelectionChangedByAnotherProcessReachesTheObservers() async throws {
      let state = try TestPaths.makeTemporaryDirectory("photokit-state")
      defer { try? FileManager.default.removeItem(at: state) }
      let terminations = Recorder<AppTermination>()
      let device = try PhotoKitDevice.install(
        readWrite: .limited, selection: ["mid.png"], assets: PhotoKitCompatTests.ids,
        stateDirectory: state, onTermination: { terminations.append($0) })
      let recorder = ChangeRecorder()
      PHPhotoLibrary.shared().register(recorder)
      #expect(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: nil)) == ["mid.png"])

      // Another process (its own store over the same folder) checks one more photo.
      let other = PhotoLibrarySession(
        bundleID: device.session.bundleID, ios: .iOS17,
        backend: MemoryLibraryBackend(ids: PhotoKitCompatTests.ids),
        store: FileAuthorizationStore(directory: state))
      try other.editLimitedSelection(adding: ["new.jpg"], removing: [])
      try await recorder.changes.wait { !$0.isEmpty }
      #expect(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: nil)) == ["mid.png", "new.jpg"])
      #expect(terminations.all.isEmpty)

      // Another process changes the Settings row: iOS terminates the app.
      #expect(throws: PhotoLibraryError.self) { try other.chooseInSettings(.allPhotos) }
      try await terminations.wait { !$0.isEmpty }
      #expect(terminations.all == [.settingsChanged(from: .selectedPhotos, to: .allPhotos)])
      PHPhotoLibrary.shared().unregisterChangeObserver(recorder)
    }
  }
}
