import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// Content editing: the input an editor starts from, the system's confirmation when an edit
  /// is saved or reverted, the original kept, and which version image requests read.
  @Suite struct ContentEditing {
    /// The rendered photo the tests save as an edit (another JPEG than the original).
    static let rendered = TestPaths.sampleImages.appendingPathComponent(
      "coffee-cup-progressive.jpg")

    /// A device over a folder library with a state folder, and the asset "grace.jpg".
    static func install(
      readWrite: PHAuthorizationStatus = .authorized, selection: [String] = []
    ) throws -> (PhotoKitDevice, URL, PHAsset) {
      let library = try PhotoKitCompatTests.sampleLibrary()
      let state = try TestPaths.makeTemporaryDirectory("photokit-state")
      let device = try PhotoKitDevice.install(
        readWrite: readWrite, selection: selection, library: library, stateDirectory: state)
      let asset = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).firstObject)
      return (device, library, asset)
    }

    static func input(
      _ asset: PHAsset, accepting: Bool = false
    ) async -> (PHContentEditingInput?, [AnyHashable: Any]) {
      let options = PHContentEditingInputRequestOptions()
      options.canHandleAdjustmentData = { _ in accepting }
      let box = UncheckedBox(asset)
      let result = await withCheckedContinuation {
        (
          continuation: CheckedContinuation<
            UncheckedBox<(PHContentEditingInput?, [AnyHashable: Any])>, Never
          >
        ) in
        box.value.requestContentEditingInput(with: options) { input, info in
          continuation.resume(returning: UncheckedBox((input, info)))
        }
      }
      return result.value
    }

    /// An output for `input` with the rendered JPEG written and adjustment data set.
    static func output(for input: PHContentEditingInput, data: String = "sepia") throws
      -> PHContentEditingOutput
    {
      let output = PHContentEditingOutput(contentEditingInput: input)
      try FileManager.default.copyItem(at: rendered, to: output.renderedContentURL)
      output.adjustmentData = PHAdjustmentData(
        formatIdentifier: "com.example.filters", formatVersion: "1.0", data: Data(data.utf8))
      return output
    }

    static func save(_ output: PHContentEditingOutput, to asset: PHAsset) -> PHPhotosError.Code? {
      Deletion.change { PHAssetChangeRequest(for: asset).contentEditingOutput = output }
    }

    /// The bytes a synchronous data request of `version` gets.
    static func data(_ asset: PHAsset, _ version: PHImageRequestOptionsVersion) -> Data? {
      let options = PHImageRequestOptions()
      options.isSynchronous = true
      options.version = version
      var result: Data?
      PHImageManager.default().requestImageDataAndOrientation(for: asset, options: options) {
        data, _, _, _ in result = data
      }
      return result
    }

    @Test func aSavedEditIsWhatCurrentRequestsReadAndTheOriginalStaysUntouched() async throws {
      let (device, library, asset) = try Self.install()
      let original = try Data(contentsOf: library.appendingPathComponent("grace.jpg"))
      let (input, info) = await Self.input(asset)
      let editing = try #require(input)
      #expect(info[PHContentEditingInputErrorKey] == nil)
      #expect(editing.adjustmentData == nil)
      #expect(editing.uniformTypeIdentifier == "public.jpeg")
      #expect(editing.displaySizeImage != nil)
      let handedOut = try #require(editing.fullSizeImageURL)
      #expect(handedOut.path != library.appendingPathComponent("grace.jpg").path)
      #expect(try Data(contentsOf: handedOut) == original)

      device.user.willConfirmModification(.modify)
      #expect(Self.save(try Self.output(for: editing), to: asset) == nil)
      let prompts = device.user.modificationPrompts
      #expect(prompts.map(\.title) == ["Allow “app” to modify this photo?"])
      #expect(prompts.first?.buttons.map(\.label) == ["Don’t Allow", "Modify"])

      let edited = try Data(contentsOf: Self.rendered)
      #expect(try Data(contentsOf: library.appendingPathComponent("grace.jpg")) == original)
      #expect(Self.data(asset, .current) == edited)
      #expect(Self.data(asset, .original) == original)
      let refetched = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).firstObject)
      #expect(refetched.modificationDate != asset.modificationDate)
      #expect(asset.canPerform(.content))
    }

    /// An editor that understands the saved adjustment data reopens the edit on the original;
    /// any other gets the edited photo and no data.
    @Test func theNextInputIsTheOriginalWithItsDataOnlyForAnEditorThatTakesIt() async throws {
      let (device, library, asset) = try Self.install()
      let (first, _) = await Self.input(asset)
      device.user.willConfirmModification(.modify)
      #expect(Self.save(try Self.output(for: try #require(first)), to: asset) == nil)

      let (reopened, _) = await Self.input(asset, accepting: true)
      let data = try #require(reopened?.adjustmentData)
      #expect(data.formatIdentifier == "com.example.filters")
      #expect(String(decoding: data.data, as: UTF8.self) == "sepia")
      let original = try Data(contentsOf: library.appendingPathComponent("grace.jpg"))
      #expect(try Data(contentsOf: try #require(reopened?.fullSizeImageURL)) == original)

      let (baked, _) = await Self.input(asset, accepting: false)
      #expect(baked?.adjustmentData == nil)
      let url = try #require(baked?.fullSizeImageURL)
      #expect(url.lastPathComponent == "FullSizeRender.JPG")
      #expect(try Data(contentsOf: url) == Data(contentsOf: Self.rendered))
    }

    @Test func dontAllowFailsTheChangeAndRevertBringsTheOriginalBack() async throws {
      let (device, library, asset) = try Self.install()
      let original = try Data(contentsOf: library.appendingPathComponent("grace.jpg"))
      let (input, _) = await Self.input(asset)
      let output = try Self.output(for: try #require(input))
      device.user.willConfirmModification(.dontAllow, .modify, .modify)
      #expect(Self.save(output, to: asset) == .userCancelled)
      #expect(Self.data(asset, .current) == original)
      #expect(Self.save(output, to: asset) == nil)
      #expect(Self.data(asset, .current) != original)
      #expect(
        Deletion.change { PHAssetChangeRequest(for: asset).revertAssetContentToOriginal() } == nil)
      #expect(Self.data(asset, .current) == original)
      #expect(device.user.modificationPrompts.count == 3)
    }

    /// PhotoKit refuses an output without adjustment data, without a rendered file, or with a
    /// photo that is not JPEG or HEIF; nothing is asked then.
    @Test func incompleteOutputsFailWithoutAConfirmation() async throws {
      let (device, _, asset) = try Self.install()
      let (input, _) = await Self.input(asset)
      let editing = try #require(input)
      let noData = try Self.output(for: editing)
      noData.adjustmentData = nil
      #expect(Self.save(noData, to: asset) == .invalidResource)
      let noFile = PHContentEditingOutput(contentEditingInput: editing)
      noFile.adjustmentData = PHAdjustmentData(
        formatIdentifier: "x", formatVersion: "1", data: Data())
      #expect(Self.save(noFile, to: asset) == .invalidResource)
      let png = PHContentEditingOutput(contentEditingInput: editing)
      try FileManager.default.copyItem(
        at: TestPaths.sampleImages.appendingPathComponent("chelsea-the-cat.png"),
        to: png.renderedContentURL)
      png.adjustmentData = noFile.adjustmentData
      #expect(Self.save(png, to: asset) == .invalidResource)
      #expect(device.user.modificationPrompts.isEmpty)
    }

    /// Limited access edits the selected photos; the confirmation left unanswered keeps the
    /// change from completing.
    @Test func limitedAppsEditTheirSelectionAndAnUnansweredConfirmationChangesNothing()
      async throws
    {
      let (device, library, asset) = try Self.install(
        readWrite: .limited, selection: ["grace.jpg"])
      let (input, _) = await Self.input(asset)
      let output = try Self.output(for: try #require(input))
      #expect(Self.save(output, to: asset) == .confirmationUnanswered)
      let original = try Data(contentsOf: library.appendingPathComponent("grace.jpg"))
      #expect(Self.data(asset, .current) == original)
      device.user.willConfirmModification(.modify)
      #expect(Self.save(output, to: asset) == nil)
      #expect(Self.data(asset, .current) == (try Data(contentsOf: Self.rendered)))
    }

    /// A video's input is its movie; a saved movie edit is what `.current` video requests get.
    @Test func aMovieEditIsTheCurrentVideoAndTheOriginalStays() async throws {
      let library = try VideoRequests.library()
      let state = try TestPaths.makeTemporaryDirectory("photokit-state")
      let device = try PhotoKitDevice.install(
        readWrite: .authorized, library: library, stateDirectory: state)
      let clip = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["clip.MOV"], options: nil).firstObject)
      let (input, _) = await Self.input(clip)
      let editing = try #require(input)
      #expect(editing.fullSizeImageURL == nil)
      #expect((editing.audiovisualAsset as? AVURLAsset) != nil)
      let output = PHContentEditingOutput(contentEditingInput: editing)
      #expect(output.renderedContentURL.pathExtension == "MOV")
      try FileManager.default.copyItem(
        at: VideoRequests.videos.appendingPathComponent("h264-plain.mp4"),
        to: output.renderedContentURL)
      output.adjustmentData = PHAdjustmentData(
        formatIdentifier: "com.example.trim", formatVersion: "1", data: Data())
      device.user.willConfirmModification(.modify)
      #expect(Self.save(output, to: clip) == nil)
      #expect(device.user.modificationPrompts.map(\.title) == ["Allow “app” to modify this video?"])

      func movie(_ version: PHVideoRequestOptionsVersion) async -> URL? {
        let options = PHVideoRequestOptions()
        options.version = version
        let box = UncheckedBox(clip)
        let url = await withCheckedContinuation {
          (continuation: CheckedContinuation<UncheckedBox<URL?>, Never>) in
          PHImageManager.default().requestAVAsset(forVideo: box.value, options: options) {
            asset, _, _ in continuation.resume(returning: UncheckedBox((asset as? AVURLAsset)?.url))
          }
        }
        return url.value
      }
      #expect(await movie(.original) == library.appendingPathComponent("clip.MOV"))
      let current = try #require(await movie(.current))
      #expect(current.path.hasPrefix(state.path))
      #expect(
        try Data(contentsOf: current)
          == Data(contentsOf: VideoRequests.videos.appendingPathComponent("h264-plain.mp4")))
    }

    /// An edit follows its photo out of a deleted album and goes with a deleted photo.
    @Test func anEditMovesWithItsPhotoAndGoesWithIt() async throws {
      let (device, _, _) = try Self.install()
      let cat = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["Trips/cat.png"], options: nil).firstObject)
      let (input, _) = await Self.input(cat)
      device.user.willConfirmModification(.modify)
      #expect(Self.save(try Self.output(for: try #require(input)), to: cat) == nil)
      let edited = try Data(contentsOf: Self.rendered)

      let trips = try #require(
        PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil)
          .firstObject)
      device.user.willConfirmDeletion(.delete, .delete)
      #expect(
        Deletion.change { PHAssetCollectionChangeRequest.deleteAssetCollections([trips]) } == nil)
      let moved = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["cat.png"], options: nil).firstObject)
      #expect(Self.data(moved, .current) == edited)

      let store = try #require(device.session.editStore)
      #expect(try store.edits().keys.sorted() == ["cat.png"])
      #expect(Deletion.delete(["cat.png"]) == nil)
      #expect(try store.edits().isEmpty)
      let left = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
      #expect(left.filter { !$0.hasPrefix("edits.json") }.isEmpty, "rendered files: \(left)")
    }

    // On the main actor, as an app's UI code is: the result is delivered on the main queue,
    // so it cannot arrive between the request and its cancellation.
    @MainActor
    @Test func aCancelledRequestCallsBackOnceWithTheCancelledKey() async throws {
      let (_, _, asset) = try Self.install()
      let calls = Recorder<Bool>()
      let id = asset.requestContentEditingInput(with: nil) { input, info in
        calls.append((info[PHContentEditingInputCancelledKey] as? NSNumber)?.boolValue == true)
        #expect(input == nil)
      }
      asset.cancelContentEditingInputRequest(id)
      try await calls.wait { !$0.isEmpty }
      #expect(calls.all == [true])
    }
  }
}

/// A value handed to a `@Sendable` closure in tests.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
