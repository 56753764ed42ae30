import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotosUICompat
import TestSupport
import Testing

/// Hears a Live Photo view's playback, in order.
final class LivePhotoViewRecorder: PHLivePhotoViewDelegate, @unchecked Sendable {
  let events = Recorder<String>()
  var allowsPlayback = true

  func livePhotoView(
    _ livePhotoView: PHLivePhotoView,
    canBeginPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle
  ) -> Bool {
    events.append("can \(playbackStyle)")
    return allowsPlayback
  }

  func livePhotoView(
    _ livePhotoView: PHLivePhotoView,
    willBeginPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle
  ) {
    events.append("will \(playbackStyle)")
  }

  func livePhotoView(
    _ livePhotoView: PHLivePhotoView, didEndPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle
  ) {
    events.append("end \(playbackStyle)")
  }
}

extension PhotoKitCompatTests {
  /// PhotosUI beyond the picker's first release: continuous pickers whose selection the app
  /// changes, playback-style filters, and the Live Photo view.
  @Suite struct PhotosUIBreadth {
    /// A continuous picker over the shared library that picked `ids`, with its recorder.
    @MainActor static func continuousPicker(
      _ ids: [String], selection: PHPickerConfiguration.Selection = .continuousAndOrdered
    ) async throws -> (PHPickerViewController, PickerRecorder) {
      let device = try PhotoKitCompatTests.install(library: try PhotoPicker.library())
      device.user.willPickInPhotoPicker(ids)
      var configuration = PHPickerConfiguration(photoLibrary: .shared())
      configuration.selectionLimit = 0
      configuration.selection = selection
      configuration.mode = .compact
      configuration.disabledCapabilities = [.selectionActions, .search]
      let picker = PHPickerViewController(configuration: configuration)
      let recorder = PickerRecorder()
      picker.delegate = recorder
      UIViewController().present(picker, animated: true)
      try await recorder.results.wait { !$0.isEmpty }
      return (picker, recorder)
    }

    @MainActor @Test func aContinuousPickerReportsEveryChangeTheAppMakes() async throws {
      let (picker, recorder) = try await Self.continuousPicker(
        ["grace.jpg", "clip.MOV", "Trips/cat.png"])
      picker.moveAsset(withIdentifier: "Trips/cat.png", afterAssetWithIdentifier: nil)
      try await recorder.results.wait { $0.count == 2 }
      picker.deselectAssets(withIdentifiers: ["clip.MOV", "not-picked.jpg"])
      try await recorder.results.wait { $0.count == 3 }
      var update = PHPickerConfiguration.Update()
      update.selectionLimit = 1
      picker.updatePicker(using: update)
      try await recorder.results.wait { $0.count == 4 }
      #expect(
        recorder.results.all.map { $0.map(\.assetIdentifier) } == [
          ["grace.jpg", "clip.MOV", "Trips/cat.png"], ["Trips/cat.png", "grace.jpg", "clip.MOV"],
          ["Trips/cat.png", "grace.jpg"], ["Trips/cat.png"],
        ])
      // Nothing selected changes: nothing is reported.
      picker.deselectAssets(withIdentifiers: ["clip.MOV"])
      picker.moveAsset(withIdentifier: "Trips/cat.png", afterAssetWithIdentifier: nil)
      #expect(recorder.results.count == 4)
    }

    @MainActor @Test func aPickerThatFinishedOnceReportsNoLaterChange() async throws {
      let (picker, recorder) = try await Self.continuousPicker(
        ["grace.jpg", "clip.MOV"], selection: .ordered)
      picker.deselectAssets(withIdentifiers: ["clip.MOV"])
      picker.zoomIn()
      picker.scrollToInitialPosition()
      try await Task.sleep(for: .milliseconds(50))
      #expect(recorder.results.count == 1)
    }

    @Test(arguments: [
      (PHAsset.PlaybackStyle.video, ["clip.MOV"]),
      (.livePhoto, ["grace.jpg"]),
      (.image, ["Trips/cat.png"]),
      (.imageAnimated, []),
    ])
    func playbackStyleFiltersOfferWhatPlaysSo(style: PHAsset.PlaybackStyle, offered: [String])
      async throws
    {
      let device = try PhotoKitCompatTests.install(library: try PhotoPicker.library())
      var configuration = PHPickerConfiguration(photoLibrary: .shared())
      configuration.selectionLimit = 0
      configuration.filter = .playbackStyle(style)
      let results = try await PhotoPicker.pick(
        ["grace.jpg", "clip.MOV", "Trips/cat.png"], configuration: configuration, device: device)
      #expect(Set(results.compactMap(\.assetIdentifier)) == Set(offered))
    }

    @Test func pickerTypesHaveApplesValues() {
      #expect(PHPickerCapabilities.sensitivityAnalysisIntervention.rawValue == 1 << 4)
      #expect(PHPickerMode.default != .compact)
      var configuration = PHPickerConfiguration()
      let plain = configuration
      configuration.edgesWithoutContentMargins = .all
      #expect(configuration != plain && NSDirectionalRectEdge.all.rawValue == 15)
      #expect(PHLivePhotoViewPlaybackStyle.hint.rawValue == 2)
    }

    /// A Live Photo view over the sample Live Photo pair.
    @MainActor static func liveView() async throws -> (PHLivePhotoView, LivePhotoViewRecorder) {
      let still = TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg")
      let movie = VideoRequests.videos.appendingPathComponent("iphone15pro-hevc-live-photo.mov")
      let made = Recorder<PHLivePhoto?>()
      PHLivePhoto.request(
        withResourceFileURLs: [still, movie], placeholderImage: nil, targetSize: .zero,
        contentMode: .aspectFill
      ) { livePhoto, _ in made.append(livePhoto) }
      try await made.wait { !$0.isEmpty }
      let view = PHLivePhotoView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      let recorder = LivePhotoViewRecorder()
      view.delegate = recorder
      view.livePhoto = try #require(made.all.first ?? nil)
      return (view, recorder)
    }

    @MainActor @Test func aHintPlaysToItsEndAndTellsTheDelegate() async throws {
      let (view, recorder) = try await Self.liveView()
      view.startPlayback(with: .hint)
      #expect(view.playingStyle == .hint)
      try await recorder.events.wait { $0.count == 3 }
      #expect(recorder.events.all == ["can hint", "will hint", "end hint"])
      #expect(view.playingStyle == nil)
    }

    @MainActor @Test func stoppingOrReplacingThePhotoEndsPlayback() async throws {
      let (view, recorder) = try await Self.liveView()
      view.startPlayback(with: .full)
      view.stopPlayback()
      view.startPlayback(with: .full)
      view.livePhoto = nil
      view.startPlayback(with: .full)
      #expect(
        recorder.events.all == [
          "can full", "will full", "end full", "can full", "will full", "end full",
        ])
      recorder.allowsPlayback = false
      view.livePhoto = try await Self.liveView().0.livePhoto
      view.startPlayback(with: .full)
      view.startPlayback(with: .undefined)
      #expect(recorder.events.all.last == "can full" && view.playingStyle == nil)
    }

    @MainActor @Test func aLongPressPlaysInFullUntilTheFingerLifts() async throws {
      let (view, recorder) = try await Self.liveView()
      let press = try #require(view.playbackGestureRecognizer as? UILongPressGestureRecognizer)
      #expect(press.view === view)
      let touch = UITouch(location: CGPoint(x: 10, y: 10), in: view)
      press.press(touch, for: 0.2)
      #expect(recorder.events.all.isEmpty && press.state == .possible)
      press.press(touch, for: 0.6)
      #expect(view.playingStyle == .full && press.location(in: view) == CGPoint(x: 10, y: 10))
      press.lift()
      #expect(recorder.events.all == ["can full", "will full", "end full"])
      press.isEnabled = false
      press.press(touch, for: 5)
      #expect(recorder.events.count == 3)
    }

    @Test func theBadgeIsTheLiveSymbolAtScreenScale() throws {
      let plain = PHLivePhotoView.livePhotoBadgeImage(options: [])
      #expect(plain.size == CGSize(width: 28, height: 28) && plain.scale == 3)
      let centre = 42
      // The centre dot is inked; between the dot and the ring it is clear.
      #expect(plain.pixel(x: centre, y: centre).a == 255)
      #expect(plain.pixel(x: centre + 13, y: centre).a == 0)
      let over = PHLivePhotoView.livePhotoBadgeImage(options: .overContent)
      #expect(over.pixel(x: centre, y: centre) == (255, 255, 255, 255))
      #expect(over.pixel(x: centre + 13, y: centre).a > 0)  // the translucent disc
      let off = PHLivePhotoView.livePhotoBadgeImage(options: .liveOff)
      // Struck through: the diagonal is inked where the plain badge is clear.
      #expect(off.pixel(x: 33, y: 33).a > 0 && plain.pixel(x: 33, y: 33).a == 0)
    }
  }
}
