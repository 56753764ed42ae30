import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import Testing

@testable import PhotoKitCompatClients

extension PhotoKitCompatTests {
  /// The Swift 5 client examples (Tests/PhotoKitCompatClients), run as an app would run them.
  @Suite struct ClientExamples {
    @Test func theAssetGridFillsItsCellsDegradedFirst() async throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: PhotoKitCompatTests.imageLibrary())
      let grid = AssetGridViewController()
      let root = UIViewController()
      root.present(grid, animated: false)
      #expect(grid.isViewLoaded && grid.presentingViewController === root)
      #expect(grid.numberOfItems == 3)
      let delivered = Recorder<Int>()
      grid.onDelivery = { delivered.append(1) }
      let cells = (0..<grid.numberOfItems).map { grid.cellForItem(at: $0) }
      try await delivered.wait { $0.count == 6 }
      await drainMainQueue()
      let deliveries = await MainActor.run { grid.deliveries }
      for cell in cells {
        let identifier = try #require(cell.representedAssetIdentifier)
        let results = deliveries.filter { $0.identifier == identifier }
        #expect(results.map(\.degraded) == [true, false])
        // 60 points at 3× with .aspectFill: the final image covers 180×180.
        let final = try #require(results.last?.size)
        #expect(min(final.width, final.height) >= 180)
        #expect(cell.thumbnailImage?.size == final)
      }
    }

    @Test func queriesFilterSortAndLimitAsWritten() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let newest = Date(timeIntervalSinceReferenceDate: 700_000_000)
      #expect(
        PhotoKitCompatTests.ids(
          PhotoQueries.photos(takenAfter: newest.addingTimeInterval(-3), limit: 2))
          == ["new.jpg", "Trips/beach.jpg"])
      #expect(
        PhotoKitCompatTests.ids(PhotoQueries.photos(excluding: ["new.jpg", "old.jpg"]))
          == ["Trips/hill.jpg", "mid.png", "Trips/beach.jpg"])
      #expect(PhotoQueries.favorites().count == 0)
      #expect(PhotoQueries.livePhotosOrPanoramas().count == 0)
      #expect(PhotoQueries.album(titled: "Trips")?.estimatedAssetCount == 2)
      #expect(PhotoQueries.album(titled: "Nowhere") == nil)
      #expect(PhotoQueries.nonEmptyAlbums().map(\.localizedTitle) == ["Trips"])
      let shared = PHFetchOptions()
      shared.predicate = NSPredicate(format: "localIdentifier != %@", "new.jpg")
      #expect(PhotoQueries.newest(sharing: shared)?.localIdentifier == "Trips/beach.jpg")
      #expect(PHAsset.fetchAssets(with: shared).count == 4)
    }

    @Test func thePickerRunsItsLifecyclePreviewsAndHandsBackJPEGs() async throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: PhotoKitCompatTests.imageLibrary())
      let root = UIViewController(nibName: nil, bundle: nil)
      let picker = PickerViewController(maximumSelection: 2)
      root.present(picker, animated: true)
      #expect(picker.lifecycle == ["viewDidLoad", "viewWillAppear", "viewDidAppear"])
      #expect(picker.title == "Recents")
      #expect(picker.assets.count == 3)
      picker.toggle(at: 0)
      picker.toggle(at: 1)
      picker.toggle(at: 2)  // past the maximum: ignored
      #expect(picker.selectedIdentifiers.count == 2)

      let preview = picker.preview(at: 0)
      #expect(picker.presentedViewController === preview && preview.isViewLoaded)
      // The image may arrive before a handler set now could hear it: poll the controller.
      for _ in 0..<2000 {
        let loaded = await MainActor.run {
          preview.image != nil && preview.uniformTypeIdentifier != nil
        }
        if loaded { break }
        try await Task.sleep(for: .milliseconds(5))
      }
      await MainActor.run {
        #expect(preview.image != nil)
        #expect(["public.jpeg", "public.png"].contains(preview.uniformTypeIdentifier ?? ""))
        #expect(preview.orientation != nil)
        #expect(preview.progress.isEmpty)
      }
      picker.dismiss(animated: true)
      #expect(picker.presentedViewController == nil)

      let handedBack = Recorder<[Data]>()
      picker.onFinish = { handedBack.append($0) }
      picker.finish()
      #expect(root.presentedViewController == nil)
      #expect(picker.lifecycle.suffix(1) == ["viewWillDisappear"])
      let images = try #require(handedBack.all.first)
      #expect(images.count == 2)
      #expect(images.allSatisfy { UIImage(data: $0) != nil && $0.starts(with: [0xFF, 0xD8]) })
    }

    @Test func storyboardControllersComeFromACoder() {
      #expect(PickerViewController(coder: NSCoder())?.maximumSelection == 1)
    }
  }
}
