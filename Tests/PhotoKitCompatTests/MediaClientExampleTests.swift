import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import TestSupport
import Testing

@testable import PhotoKitCompatClients

extension PhotoKitCompatTests {
  /// The Swift 5 clients of the picker, video, deletion and change-token APIs, run as an app
  /// would run them.
  @Suite struct MediaClientExamples {
    @Test func thePickerCoordinatorLoadsEachPickAsAnImage() async throws {
      let device = try PhotoKitCompatTests.install(
        readWrite: .limited, selection: [], library: try VideoRequests.library())
      device.user.willPickInPhotoPicker(["Trips/cat.png", "grace.jpg"])
      let coordinator = PhotoPickerCoordinator(presenter: UIViewController())
      let picks = Recorder<[PhotoPickerCoordinator.Pick]>()
      coordinator.pickPhotos(limit: 0, includeVideos: false) { picks.append($0) }
      try await picks.wait { !$0.isEmpty }
      let result = try #require(picks.all.first)
      #expect(result.map(\.assetIdentifier) == ["Trips/cat.png", "grace.jpg"])
      #expect(result.allSatisfy { $0.image != nil })
      // Picked, but not shared with the app: the limited selection is still empty.
      #expect(PHAsset.fetchAssets(with: nil).count == 0)
    }

    @Test func theVideoSaverCreatesItsAlbumOnceAndAddsEachMovie() async throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      let device = try PhotoKitCompatTests.install(library: library, answers: [.allow])
      let saver = VideoAlbumSaver(albumTitle: "Clips")
      let movie = VideoRequests.videos.appendingPathComponent("h264-plain.mp4")
      let saved = Recorder<String?>()
      for _ in 0..<2 {
        saver.saveVideo(at: movie) { result in saved.append(try? result.get()) }
        let expected = saved.count + 1
        try await saved.wait { $0.count == expected }
      }
      #expect(saved.all.allSatisfy { $0 != nil })
      #expect(device.user.prompts.count == 1)
      let clips = try device.session.backend.allAssets().filter { $0.album == "Clips" }
      #expect(clips.count == 2)
    }

    @Test func theDeleterTellsCancelFromDeletion() async throws {
      let device = try PhotoKitCompatTests.install(readWrite: .authorized)
      device.user.willConfirmDeletion(.dontAllow, .delete)
      let outcomes = Recorder<AssetDeleter.Outcome>()
      for count in 1...2 {
        AssetDeleter.delete(identifiers: ["old.jpg", "mid.png"]) { outcomes.append($0) }
        try await outcomes.wait { $0.count == count }
      }
      AssetDeleter.delete(identifiers: ["old.jpg"]) { outcomes.append($0) }
      try await outcomes.wait { $0.count == 3 }
      #expect(outcomes.all == [.cancelledByUser, .deleted(2), .nothingToDelete])
    }

    @Test func thePollerReportsWhatChangedBetweenPolls() throws {
      let device = try PhotoKitCompatTests.install(readWrite: .authorized)
      let defaults = try #require(UserDefaults(suiteName: "PhotoKitCompatTests-\(UUID())"))
      let poller = LibraryChangePoller(defaults: defaults)
      #expect(try poller.poll() == nil)
      #expect(try poller.poll() == LibraryChangePoller.Changes())
      device.user.willConfirmDeletion(.delete)
      let new = PHAsset.fetchAssets(withLocalIdentifiers: ["new.jpg"], options: nil)
      try PHPhotoLibrary.shared().performChangesAndWait {
        PHAssetChangeRequest.deleteAssets(new)
      }
      // A second poller over the same defaults: the token survived in storage.
      let relaunched = LibraryChangePoller(defaults: defaults)
      #expect(try relaunched.poll() == LibraryChangePoller.Changes(deleted: ["new.jpg"]))
    }

    @Test func theMediaLoaderLabelsExportsAndFindsLivePhotos() async throws {
      try PhotoKitCompatTests.install(readWrite: .authorized, library: try VideoRequests.library())
      let loader = MediaPreviewLoader()
      let fetch = { (id: String) in
        try #require(PHAsset.fetchAssets(withLocalIdentifiers: [id], options: nil).firstObject)
      }
      let labels = Recorder<String?>()
      loader.durationLabel(for: try fetch("clip.MOV")) { labels.append($0) }
      loader.durationLabel(for: try fetch("Trips/cat.png")) { labels.append($0) }
      try await labels.wait { $0.count == 2 }
      #expect(labels.all.contains(nil))
      #expect(labels.all.contains { $0?.hasPrefix("0:0") == true })
      let livePhotos = Recorder<Bool>()
      loader.livePhoto(for: try fetch("grace.jpg"), size: CGSize(width: 100, height: 100)) {
        livePhotos.append($0 != nil)
      }
      try await livePhotos.wait { !$0.isEmpty }
      #expect(livePhotos.all == [true])
      let exported = Recorder<Bool>()
      let destination = try TestPaths.makeTemporaryDirectory("share")
        .appendingPathComponent("clip.mov")
      loader.exportMovie(of: try fetch("clip.MOV"), to: destination) { exported.append($0) }
      try await exported.wait { !$0.isEmpty }
      #expect(exported.all == [true])
      #expect(FileManager.default.fileExists(atPath: destination.path))
    }
  }
}
