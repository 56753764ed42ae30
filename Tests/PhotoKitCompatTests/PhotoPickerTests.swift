import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotosUICompat
import TestSupport
import Testing

/// A delegate that records every result list it hears, and whether on the main queue.
final class PickerRecorder: PHPickerViewControllerDelegate, @unchecked Sendable {
  let results = Recorder<[PHPickerResult]>()
  let onMainQueue = Recorder<Bool>()

  func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) {
    onMainQueue.append(isOnMainQueue())
    self.results.append(results)
  }
}

extension PhotoKitCompatTests {
  /// PhotosUI's system picker: no permission, the whole library offered through the filter,
  /// identifiers the app fetches only as far as its access allows, files loaded through
  /// `NSItemProvider`.
  @Suite struct PhotoPicker {
    /// grace.jpg (a Live Photo with grace.MOV beside it), clip.MOV, Trips/cat.png.
    static func library() throws -> URL {
      try VideoRequests.library()
    }

    /// Presents a picker with `configuration` after the user was told to pick `ids`.
    static func pick(
      _ ids: [String]?, configuration: PHPickerConfiguration, device: PhotoKitDevice
    ) async throws -> [PHPickerResult] {
      device.user.willPickInPhotoPicker(ids)
      let picker = PHPickerViewController(configuration: configuration)
      let recorder = PickerRecorder()
      picker.delegate = recorder
      UIViewController().present(picker, animated: true)
      try await recorder.results.wait { !$0.isEmpty }
      #expect(recorder.onMainQueue.all == [true])
      return recorder.results.all[0]
    }

    @Test func thePickerNeedsNoPermissionAndGivesNoIdentifiersByDefault() async throws {
      let device = try PhotoKitCompatTests.install(library: try Self.library())
      let results = try await Self.pick(
        ["Trips/cat.png"], configuration: PHPickerConfiguration(), device: device)
      #expect(results.map(\.assetIdentifier) == [nil])
      #expect(device.user.prompts.isEmpty)
      #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == .notDetermined)
      let images = Recorder<CGSize?>()
      let provider = try #require(results.first?.itemProvider)
      #expect(provider.canLoadObject(ofClass: UIImage.self))
      provider.loadObject(ofClass: UIImage.self) { image, _ in
        images.append((image as? UIImage)?.size)
      }
      try await images.wait { !$0.isEmpty }
      #expect(images.all.first??.width ?? 0 > 0)
    }

    /// The picker offers the library its device lists but never a hidden photo (its grid does
    /// not show the Hidden album's photos).
    @Test func aHiddenPhotoIsNotOffered() async throws {
      let device = try PhotoKitDevice.install(
        readWrite: .authorized, library: try Self.library(),
        stateDirectory: try TestPaths.makeTemporaryDirectory("picker-state"))
      _ = try device.session.set(.hidden, true, for: ["Trips/cat.png"])
      let results = try await Self.pick(
        ["grace.jpg"], configuration: PHPickerConfiguration(photoLibrary: .shared()),
        device: device)
      #expect(results.compactMap(\.assetIdentifier) == ["grace.jpg"])
      let offered = device.user.events.compactMap { event -> [String]? in
        if case .photoPicker(let offered, _) = event { return offered }
        return nil
      }
      #expect(offered.count == 1)
      #expect(Set(offered.first ?? []) == ["grace.jpg", "clip.MOV"])
    }

    @Test func identifiersFetchOnlyAsFarAsTheAccessAllows() async throws {
      let device = try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["grace.jpg"], library: try Self.library())
      var configuration = PHPickerConfiguration(photoLibrary: .shared())
      configuration.selectionLimit = 0
      let results = try await Self.pick(
        ["grace.jpg", "Trips/cat.png"], configuration: configuration, device: device)
      let ids = results.compactMap(\.assetIdentifier)
      #expect(Set(ids) == ["grace.jpg", "Trips/cat.png"])
      #expect(
        PhotoKitCompatTests.ids(PHAsset.fetchAssets(withLocalIdentifiers: ids, options: nil))
          == ["grace.jpg"])
    }

    /// The filter decides what is offered; the user cannot pick what is not.
    @Test(arguments: [
      (PHPickerFilter.images, ["grace.jpg", "Trips/cat.png"]),
      (.videos, ["clip.MOV"]),
      (.livePhotos, ["grace.jpg"]),
      (.all(of: [.images, .not(.livePhotos)]), ["Trips/cat.png"]),
      (.any(of: [.livePhotos, .videos]), ["clip.MOV", "grace.jpg"]),
      (.screenshots, []),
    ])
    func theFilterDecidesWhatIsOffered(filter: PHPickerFilter, offered: [String]) async throws {
      let device = try PhotoKitCompatTests.install(library: try Self.library())
      var configuration = PHPickerConfiguration(photoLibrary: .shared())
      configuration.filter = filter
      configuration.selectionLimit = 0
      let all = ["grace.jpg", "clip.MOV", "Trips/cat.png"]
      let results = try await Self.pick(all, configuration: configuration, device: device)
      #expect(Set(results.compactMap(\.assetIdentifier)) == Set(offered))
    }

    @Test func theLimitAndTheOrderAreKeptAndCancelPicksNothing() async throws {
      let device = try PhotoKitCompatTests.install(library: try Self.library())
      var configuration = PHPickerConfiguration(photoLibrary: .shared())
      configuration.selectionLimit = 2
      configuration.selection = .ordered
      let picked = ["Trips/cat.png", "clip.MOV", "grace.jpg"]
      let results = try await Self.pick(picked, configuration: configuration, device: device)
      #expect(results.map(\.assetIdentifier) == ["Trips/cat.png", "clip.MOV"])
      #expect(try await Self.pick(nil, configuration: configuration, device: device).isEmpty)
    }

    @Test func theItemProviderHandsOverTheFileAndALivePhotosMovie() async throws {
      let device = try PhotoKitCompatTests.install(library: try Self.library())
      let results = try await Self.pick(
        ["grace.jpg"], configuration: PHPickerConfiguration(), device: device)
      let provider = try #require(results.first?.itemProvider)
      #expect(provider.hasItemConformingToTypeIdentifier("public.image"))
      #expect(provider.hasItemConformingToTypeIdentifier("public.jpeg"))
      #expect(provider.hasItemConformingToTypeIdentifier("com.apple.live-photo"))
      #expect(!provider.hasItemConformingToTypeIdentifier("public.png"))
      let files = Recorder<(String, Bool)>()
      for type in ["public.image", "public.movie"] {
        provider.loadFileRepresentation(forTypeIdentifier: type) { url, _ in
          let readable = url.map { FileManager.default.isReadableFile(atPath: $0.path) }
          files.append((url?.pathExtension ?? "", readable ?? false))
        }
      }
      try await files.wait { $0.count == 2 }
      #expect(Set(files.all.map(\.0)) == ["jpg", "MOV"])
      #expect(files.all.allSatisfy { $0.1 })
    }
  }
}
