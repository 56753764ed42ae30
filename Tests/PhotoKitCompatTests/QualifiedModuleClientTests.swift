import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import Testing

@testable import PhotoKitCompatClients

extension PhotoKitCompatTests {
  /// The clients written with `import Photos` / `import PhotosUI` and module-qualified names,
  /// run against PhotoGate's `Photos` and `PhotosUI` modules.
  @Suite struct QualifiedModuleClients {
    @Test func thePhotosModuleLoaderFetchesAndDeliversTheNewestPhoto() async throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: try PhotoKitCompatTests.sampleLibrary())
      let loader = CloudAwareImageLoader()
      let asset = try #require(loader.newestPhoto())
      let deliveries = Recorder<CloudAwareImageLoader.Delivery>()
      loader.load(asset, side: 40) { deliveries.append($0) }
      try await deliveries.wait { $0.contains { !$0.isDegraded } }
      let final = try #require(deliveries.all.last)
      let image = try #require(final.image)
      #expect(max(image.size.width, image.size.height) <= 80)
      #expect(final.error == nil)
      // Nothing is in iCloud: the progress handler is never called.
      #expect(loader.progressReports.isEmpty)
    }

    @Test func thePhotosModuleLoaderSeesNothingWithoutAccess() throws {
      try PhotoKitCompatTests.install(readWrite: .denied)
      #expect(CloudAwareImageLoader().newestPhoto() == nil)
    }

    @Test func thePhotosUIModulePresenterFetchesWhatWasPickedAndShared() async throws {
      let device = try PhotoKitCompatTests.install(
        readWrite: .authorized, library: try PhotoKitCompatTests.sampleLibrary())
      device.user.willPickInPhotoPicker(["Trips/cat.png"])
      let presenter = QualifiedPickerPresenter(presenter: UIViewController())
      let picked = Recorder<[String]?>()
      presenter.pick(limit: 1) { result in
        picked.append(result.map { PhotoKitCompatTests.ids($0) })
      }
      try await picked.wait { !$0.isEmpty }
      #expect(picked.all == [["Trips/cat.png"]])
    }

    @Test func thePhotosUIModulePresenterReportsCancel() async throws {
      let device = try PhotoKitCompatTests.install(
        readWrite: .authorized, library: try PhotoKitCompatTests.sampleLibrary())
      device.user.willPickInPhotoPicker(nil)
      let presenter = QualifiedPickerPresenter(presenter: UIViewController())
      let picked = Recorder<[String]?>()
      presenter.pick(limit: 1) { result in
        picked.append(result.map { PhotoKitCompatTests.ids($0) })
      }
      try await picked.wait { !$0.isEmpty }
      #expect(picked.all == [nil])
    }
  }
}
