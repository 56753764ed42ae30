import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// Video and Live Photo requests: movies saved and read back as `AVURLAsset`s carrying their
  /// file and facts, refused where the app may not read.
  @Suite struct VideoRequests {
    static let videos = TestPaths.packageRoot.appendingPathComponent(
      "Tests/ImageDecodingTests/Fixtures/video")

    /// A folder library holding a still and a movie of the same name (a Live Photo pair:
    /// one asset, "grace.jpg"), plus a plain movie, "clip.MOV".
    static func library() throws -> URL {
      let root = try PhotoKitCompatTests.sampleLibrary()
      try FileManager.default.copyItem(
        at: videos.appendingPathComponent("iphone15pro-hevc-live-photo.mov"),
        to: root.appendingPathComponent("grace.MOV"))
      try FileManager.default.copyItem(
        at: videos.appendingPathComponent("handbrake-h264-aac.mp4"),
        to: root.appendingPathComponent("clip.MOV"))
      return root
    }

    @Test func aSavedMovieComesBackAsAnAVURLAssetWithItsDuration() async throws {
      try PhotoKitCompatTests.install(readWrite: .authorized, library: try Self.library())
      var placeholder: PHObjectPlaceholder?
      try PHPhotoLibrary.shared().performChangesAndWait {
        placeholder =
          PHAssetChangeRequest.creationRequestForAssetFromVideo(
            atFileURL: Self.videos.appendingPathComponent("handbrake-h264-aac.mp4"))?
          .placeholderForCreatedAsset
      }
      let id = try #require(placeholder?.localIdentifier)
      let asset = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: [id], options: nil).firstObject)
      let results = Recorder<(URL?, Double, Bool)>()
      PHImageManager.default().requestAVAsset(forVideo: asset, options: PHVideoRequestOptions()) {
        avAsset, audioMix, _ in
        let urlAsset = avAsset as? AVURLAsset
        results.append((urlAsset?.url, avAsset?.duration.seconds ?? 0, audioMix == nil))
      }
      try await results.wait { !$0.isEmpty }
      let result = try #require(results.all.first)
      #expect(result.0?.lastPathComponent == "handbrake-h264-aac.mp4")
      #expect(result.1 > 0)
      #expect(result.2)
    }

    @Test func anImageIsNotAVideoAndAnUnreadableAssetIsRefused() async throws {
      let library = try Self.library()
      try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      let cat = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["Trips/cat.png"], options: nil).firstObject)
      let movie = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["clip.MOV"], options: nil).firstObject)
      try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["Trips/cat.png"], library: library)
      let errors = Recorder<PHPhotosError.Code?>()
      for asset in [cat, movie] {
        PHImageManager.default().requestPlayerItem(forVideo: asset, options: nil) { item, info in
          #expect(item == nil)
          errors.append((info?[PHImageErrorKey] as? PHPhotosError)?.code)
        }
        let expected = asset === cat ? 1 : 2
        try await errors.wait { $0.count == expected }
      }
      #expect(errors.all == [.invalidResource, .identifierNotFound])
    }

    @Test func aStillWithAMovieBesideItIsALivePhoto() async throws {
      try PhotoKitCompatTests.install(readWrite: .authorized, library: try Self.library())
      let photos = Recorder<(String?, Bool)>()
      for id in ["grace.jpg", "Trips/cat.png"] {
        let asset = try #require(
          PHAsset.fetchAssets(withLocalIdentifiers: [id], options: nil).firstObject)
        PHImageManager.default().requestLivePhoto(
          for: asset, targetSize: PHImageManagerMaximumSize, contentMode: .aspectFit, options: nil
        ) { livePhoto, _ in
          photos.append((livePhoto?.videoURL.lastPathComponent, isOnMainQueue()))
        }
        let expected = id == "grace.jpg" ? 1 : 2
        try await photos.wait { $0.count == expected }
      }
      #expect(photos.all.map(\.0) == ["grace.MOV", nil])
      #expect(photos.all.allSatisfy { $0.1 })
    }

    @Test func passthroughExportCopiesTheMovieAndReencodingFails() async throws {
      try PhotoKitCompatTests.install(readWrite: .authorized, library: try Self.library())
      let movie = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["clip.MOV"], options: nil).firstObject)
      let output = try TestPaths.makeTemporaryDirectory("export")
      for (preset, status) in [
        (AVAssetExportPresetPassthrough, AVAssetExportSession.Status.completed),
        (AVAssetExportPresetHighestQuality, .failed),
      ] {
        let sessions = Recorder<AVAssetExportSession?>()
        PHImageManager.default().requestExportSession(
          forVideo: movie, options: nil, exportPreset: preset
        ) { session, _ in sessions.append(session) }
        try await sessions.wait { !$0.isEmpty }
        let session = try #require(sessions.all.first ?? nil)
        session.outputURL = output.appendingPathComponent("\(preset).mov")
        session.outputFileType = .mov
        await session.export()
        #expect(session.status == status)
        #expect(
          FileManager.default.fileExists(
            atPath: output.appendingPathComponent("\(preset).mov").path)
            == (status == .completed))
      }
    }
  }
}
