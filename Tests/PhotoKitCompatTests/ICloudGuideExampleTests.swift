// The example of docs/icloud.md, word for word: a detail screen's loader written against
// PhotoKit, and a test of it with a download from iCloud that fails.

import Foundation
import PhotoKitCompatTesting
import TestSupport
import Testing

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

// MARK: App code (unchanged from the iOS app)

/// Loads the full-size photo of a detail screen, downloading it from iCloud when it is not
/// on the device; `progress` hears how far the download got (on a background queue).
func loadDetailPhoto(
  _ asset: PHAsset, progress: @escaping @Sendable (Double) -> Void,
  completion: @escaping (UIImage?, Error?) -> Void
) {
  let options = PHImageRequestOptions()
  options.deliveryMode = .highQualityFormat
  options.isNetworkAccessAllowed = true
  options.progressHandler = { value, _, _, _ in progress(value) }
  PHImageManager.default().requestImage(
    for: asset, targetSize: PHImageManagerMaximumSize, contentMode: .aspectFit,
    options: options
  ) { image, info in
    completion(image, info?[PHImageErrorKey] as? Error)
  }
}

// MARK: Tests

@Suite(.isolatedPhotoKitDevice) struct DetailPhotoLoaderTests {
  @Test func aDownloadThatFailsHandsBackTheError() async throws {
    let device = try PhotoKitDevice.install(
      readWrite: .authorized, library: try photoLibrary(), stateDirectory: try stateFolder())
    device.useCloudClock(PhotoKitDevice.VirtualCloudClock())  // a slow network, no waiting
    try device.offloadToCloud(["photo.jpg"])
    try device.setCloudNetwork(
      PhotoKitDevice.CloudNetwork(bytesPerSecond: 50_000, failRate: 1))  // every one fails
    let asset = try #require(
      PHAsset.fetchAssets(withLocalIdentifiers: ["photo.jpg"], options: nil).firstObject)
    let progress = Recorder<Double>()
    let results = Recorder<(Bool, PHPhotosError.Code?)>()
    loadDetailPhoto(asset, progress: progress.append) { image, error in
      results.append((image != nil, (error as? PHPhotosError)?.code))
    }
    try await results.wait { $0.count == 1 }
    #expect(results.all[0].0 == false)
    #expect(results.all[0].1 == .networkError)
    #expect(progress.all.first == 0)
    #expect(progress.all.allSatisfy { $0 < 1 })
    #expect(device.isInCloud("photo.jpg"))
  }

  @Test func aDownloadThatFinishesHandsBackThePhoto() async throws {
    let device = try PhotoKitDevice.install(
      readWrite: .authorized, library: try photoLibrary(), stateDirectory: try stateFolder())
    device.useCloudClock(PhotoKitDevice.VirtualCloudClock())
    try device.offloadToCloud(["photo.jpg"])
    let asset = try #require(
      PHAsset.fetchAssets(withLocalIdentifiers: ["photo.jpg"], options: nil).firstObject)
    let progress = Recorder<Double>()
    let results = Recorder<(Bool, PHPhotosError.Code?)>()
    loadDetailPhoto(asset, progress: progress.append) { image, error in
      results.append((image != nil, (error as? PHPhotosError)?.code))
    }
    try await results.wait { $0.count == 1 }
    #expect(results.all[0].0 == true)
    #expect(results.all[0].1 == nil)
    #expect(progress.all.last == 1)
    #expect(!device.isInCloud("photo.jpg"))  // downloaded: on the device from now on
  }
}

/// A library folder holding one photo, "photo.jpg".
func photoLibrary() throws -> URL {
  let folder = try TestPaths.makeTemporaryDirectory("icloud-guide")
  try FileManager.default.copyItem(
    at: TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg"),
    to: folder.appendingPathComponent("photo.jpg"))
  return folder
}

/// A fresh state folder, where the library's iCloud state is kept.
func stateFolder() throws -> URL { try TestPaths.makeTemporaryDirectory("icloud-state") }
