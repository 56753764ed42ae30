import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import TestSupport
import Testing

@testable import PhotoKitCompatClients

/// Requests for assets in iCloud only (`photogate cloud offload`), answered as Photos answers
/// them (`PHImageResultIsInCloudKey` true: no image, the data is in iCloud): the small local
/// version without network access, a download with progress (on a
/// virtual clock: no test sleeps) and the full version with it, or the download's error.
@Suite(.isolatedPhotoKitDevice) struct CloudRequestTests {
  /// One progress call.
  struct Progress: @unchecked Sendable {
    var value: Double
    var error: (any Error)?
    var onMainQueue: Bool
  }

  /// A device over a library of grace.jpg (512×600), Trips/cat.png and rotated.jpg, all
  /// offloaded, on a virtual clock, over `network`.
  @discardableResult
  static func install(network: CloudNetwork = CloudNetwork(), offload: [String]? = nil) throws
    -> (PhotoKitDevice, VirtualCloudClock)
  {
    let device = try PhotoKitDevice.install(
      readWrite: .authorized, library: try PhotoKitCompatTests.imageLibrary(),
      stateDirectory: try TestPaths.makeTemporaryDirectory("cloud-state"))
    let clock = VirtualCloudClock()
    device.useCloudClock(clock)
    try device.session.setOffloaded(
      true, for: offload ?? ["grace.jpg", "Trips/cat.png", "rotated.jpg"])
    _ = try device.session.updateCloudNetwork { $0 = network }
    return (device, clock)
  }

  static func options(network: Bool, progress: Recorder<Progress>? = nil, stopAt: Double? = nil)
    -> PHImageRequestOptions
  {
    let options = PHImageRequestOptions()
    options.isNetworkAccessAllowed = network
    if let progress {
      options.progressHandler = { value, error, stop, _ in
        progress.append(Progress(value: value, error: error, onMainQueue: isOnMainQueue()))
        if let stopAt, value >= stopAt { stop.pointee = true }
      }
    }
    return options
  }

  static func request(
    _ id: String, side: CGFloat = 600, _ options: PHImageRequestOptions
  ) throws -> (Recorder<ImageDelivery>, PHImageRequestID) {
    let deliveries = Recorder<ImageDelivery>()
    let requestID = PHImageManager.default().requestImage(
      for: try PhotoKitCompatTests.asset(id), targetSize: CGSize(width: side, height: side),
      contentMode: .aspectFit, options: options
    ) { image, info in
      deliveries.append(ImageDelivery(image: image, info: info ?? [:], onMainThread: true))
    }
    return (deliveries, requestID)
  }

  static func inCloud(_ delivery: ImageDelivery) -> Bool {
    (delivery.info[PHImageResultIsInCloudKey] as? NSNumber)?.boolValue ?? false
  }

  static func errorCode(_ info: [AnyHashable: Any]) -> PHPhotosError.Code? {
    (info[PHImageErrorKey] as? PHPhotosError)?.code
  }

  @Test func withoutNetworkAccessOnlyTheSmallVersionComesWithIsInCloud() async throws {
    let (device, clock) = try Self.install()
    let progress = Recorder<Progress>()
    let (deliveries, _) = try Self.request(
      "grace.jpg", Self.options(network: false, progress: progress))
    try await deliveries.wait { $0.count == 2 }
    let all = deliveries.all
    #expect(all.map(\.isDegraded) == [true, false])
    // In the cloud means "no image was provided": the small version is an image.
    #expect(all.map(Self.inCloud) == [false, true])
    #expect(all[0].image != nil)
    #expect(all[0].longSide <= CGFloat(CloudState.localVersionLongSide))
    #expect(all[1].image == nil)
    #expect(Self.errorCode(all[1].info) == .networkAccessRequired)
    #expect(progress.all.isEmpty)
    #expect(clock.now == .zero)
    #expect(try device.session.isOffloaded("grace.jpg"))
  }

  @Test func withNetworkAccessTheDownloadReportsProgressThenTheFullImage() async throws {
    let (device, clock) = try Self.install(
      network: CloudNetwork(bytesPerSecond: 10_000, latencyMilliseconds: 300))
    let progress = Recorder<Progress>()
    let (deliveries, _) = try Self.request(
      "grace.jpg", side: 10_000, Self.options(network: true, progress: progress))
    try await deliveries.wait { $0.count == 2 }
    let all = deliveries.all
    #expect(all.map(\.isDegraded) == [true, false])
    #expect(all.map(Self.inCloud) == [false, false])
    #expect(all[1].longSide == 600)
    #expect(Self.errorCode(all[1].info) == nil)
    let values = progress.all.map(\.value)
    #expect(values.first == 0)
    #expect(values.last == 1)
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    #expect(progress.all.allSatisfy { !$0.onMainQueue && $0.error == nil })
    // The file's bytes at 10 kB/s, after the latency: the virtual clock's time, not the test's.
    let bytes =
      try FileManager.default.attributesOfItem(
        atPath: device.session.asset(withID: "grace.jpg").url.path)[.size] as? Int ?? 0
    #expect(clock.now >= .milliseconds(300) + .seconds(Double(bytes) / 10_000) - .milliseconds(1))
    // Downloaded: local from now on, as on a device.
    #expect(try !device.session.isOffloaded("grace.jpg"))
  }

  @Test func aFailedDownloadReportsTheErrorToTheProgressHandlerAndTheResult() async throws {
    let (device, _) = try Self.install(
      network: CloudNetwork(bytesPerSecond: 10_000, latencyMilliseconds: 0, failRate: 1))
    let progress = Recorder<Progress>()
    let (deliveries, _) = try Self.request(
      "grace.jpg", Self.options(network: true, progress: progress))
    try await deliveries.wait { $0.count == 2 }
    let final = deliveries.all[1]
    #expect(final.image == nil)
    #expect(Self.inCloud(final))
    #expect(Self.errorCode(final.info) == .networkError)
    let reports = progress.all
    #expect(reports.dropLast().allSatisfy { $0.error == nil && $0.value < 1 })
    #expect((reports.last?.error as? PHPhotosError)?.code == .networkError)
    #expect(try device.session.isOffloaded("grace.jpg"))
  }

  @Test func offlineFailsAtOnce() async throws {
    try Self.install(network: CloudNetwork(isOffline: true))
    let options = Self.options(network: true)
    options.deliveryMode = .highQualityFormat
    let (deliveries, _) = try Self.request("grace.jpg", options)
    try await deliveries.wait { $0.count == 1 }
    #expect(Self.errorCode(deliveries.all[0].info) == .networkError)
    let message = (deliveries.all[0].info[PHImageErrorKey] as? PHPhotosError)?.message ?? ""
    #expect(message.contains("offline"))
  }

  @Test func aThumbnailIsMadeOfTheSmallVersionWithoutNetwork() async throws {
    try Self.install(network: CloudNetwork(isOffline: true))
    let (deliveries, _) = try Self.request("grace.jpg", side: 200, Self.options(network: false))
    try await deliveries.wait { $0.count == 2 }
    let final = deliveries.all[1]
    #expect(!final.isDegraded && !Self.inCloud(final))
    #expect(final.image != nil)
    // `.fast` may answer larger than the target: never larger than the small version here.
    #expect(final.longSide >= 200 && final.longSide <= CGFloat(CloudState.localVersionLongSide))
  }

  @Test func fastFormatTakesTheSmallVersionOnce() async throws {
    try Self.install()
    let options = Self.options(network: true)
    options.deliveryMode = .fastFormat
    let (deliveries, _) = try Self.request("grace.jpg", options)
    try await deliveries.wait { $0.count == 1 }
    await drainMainQueue()
    #expect(deliveries.count == 1)
    let only = deliveries.all[0]
    #expect(only.isDegraded && !Self.inCloud(only))
    #expect(only.longSide <= CGFloat(CloudState.localVersionLongSide))
  }

  @Test func theStopFlagCancelsTheDownload() async throws {
    let (device, _) = try Self.install(
      network: CloudNetwork(bytesPerSecond: 10_000, latencyMilliseconds: 0))
    let progress = Recorder<Progress>()
    let (deliveries, _) = try Self.request(
      "grace.jpg", Self.options(network: true, progress: progress, stopAt: 0.5))
    try await deliveries.wait { $0.contains(where: \.isCancelled) }
    #expect(progress.all.last.map { $0.value >= 0.5 && $0.value < 1 } == true)
    #expect(try device.session.isOffloaded("grace.jpg"))
  }

  @Test func cancelImageRequestStopsTheDownload() async throws {
    let (device, _) = try Self.install(
      network: CloudNetwork(bytesPerSecond: 10_000, latencyMilliseconds: 0))
    let options = PHImageRequestOptions()
    options.isNetworkAccessAllowed = true
    options.deliveryMode = .highQualityFormat
    options.progressHandler = { value, _, _, info in
      guard value >= 0.3, let id = info?[PHImageResultRequestIDKey] as? PHImageRequestID else {
        return
      }
      PHImageManager.default().cancelImageRequest(id)
    }
    let (deliveries, _) = try Self.request("grace.jpg", options)
    try await deliveries.wait { $0.count == 1 }
    #expect(deliveries.all[0].isCancelled)
    #expect(try device.session.isOffloaded("grace.jpg"))
  }

  @Test func aSynchronousRequestDownloadsBeforeReturning() throws {
    let (device, _) = try Self.install()
    let caller = Thread.current
    let progressThreads = Recorder<Bool>()
    let options = PHImageRequestOptions()
    options.isNetworkAccessAllowed = true
    options.isSynchronous = true
    options.progressHandler = { _, _, _, _ in progressThreads.append(Thread.current === caller) }
    var results: [(Double, Bool)] = []
    PHImageManager.default().requestImage(
      for: try PhotoKitCompatTests.asset("grace.jpg"), targetSize: PHImageManagerMaximumSize,
      contentMode: .aspectFit, options: options
    ) { image, _ in
      results.append((image.map { Double($0.size.height) } ?? 0, Thread.current === caller))
    }
    // Delivered once, before returning, on the calling thread; the progress on another.
    #expect(results.count == 1)
    #expect(results.first?.0 == 600 && results.first?.1 == true)
    #expect(!progressThreads.all.isEmpty && !progressThreads.all.contains(true))
    #expect(try !device.session.isOffloaded("grace.jpg"))
  }

  @Test func imageDataNeedsNetworkAccess() async throws {
    let (device, _) = try Self.install()
    let results = Recorder<(Data?, [AnyHashable: Any])>()
    let record: (Data?, String?, CGImagePropertyOrientation, [AnyHashable: Any]?) -> Void = {
      data, _, _, info in results.append((data, info ?? [:]))
    }
    let asset = try PhotoKitCompatTests.asset("grace.jpg")
    PHImageManager.default().requestImageDataAndOrientation(
      for: asset, options: Self.options(network: false), resultHandler: record)
    try await results.wait { $0.count == 1 }
    #expect(results.all[0].0 == nil)
    #expect(Self.errorCode(results.all[0].1) == .networkAccessRequired)
    #expect((results.all[0].1[PHImageResultIsInCloudKey] as? NSNumber)?.boolValue == true)
    let progress = Recorder<Progress>()
    PHImageManager.default().requestImageDataAndOrientation(
      for: asset, options: Self.options(network: true, progress: progress), resultHandler: record)
    try await results.wait { $0.count == 2 }
    let file = try device.session.asset(withID: "grace.jpg").url
    #expect(results.all[1].0 == (try Data(contentsOf: file)))
    #expect(progress.all.last?.value == 1)
  }

  @Test func resourceRequestsNeedNetworkAccess() async throws {
    try Self.install()
    let asset = try PhotoKitCompatTests.asset("grace.jpg")
    let resource = try #require(PHAssetResource.assetResources(for: asset).first)
    let manager = PHAssetResourceManager.default()
    let done = Recorder<(any Error)?>()
    let bytes = Recorder<Data>()
    manager.requestData(
      for: resource, options: nil, dataReceivedHandler: { bytes.append($0) },
      completionHandler: { done.append($0) })
    try await done.wait { $0.count == 1 }
    #expect((done.all[0] as? PHPhotosError)?.code == .networkAccessRequired)
    #expect(bytes.all.isEmpty)
    let options = PHAssetResourceRequestOptions()
    options.isNetworkAccessAllowed = true
    let progress = Recorder<Double>()
    options.progressHandler = { progress.append($0) }
    manager.requestData(
      for: resource, options: options, dataReceivedHandler: { bytes.append($0) },
      completionHandler: { done.append($0) })
    try await done.wait { $0.count == 2 }
    #expect(done.all[1] == nil)
    #expect(!bytes.all.isEmpty)
    #expect(progress.all.first == 0 && progress.all.last == 1)
  }

  @Test func writeDataFailsOfflineAndWritesNothing() async throws {
    try Self.install(network: CloudNetwork(isOffline: true))
    let asset = try PhotoKitCompatTests.asset("grace.jpg")
    let resource = try #require(PHAssetResource.assetResources(for: asset).first)
    let target = try TestPaths.makeTemporaryDirectory("cloud-write")
      .appendingPathComponent("copy.jpg")
    let options = PHAssetResourceRequestOptions()
    options.isNetworkAccessAllowed = true
    let done = Recorder<(any Error)?>()
    PHAssetResourceManager.default().writeData(
      for: resource, toFile: target, options: options, completionHandler: { done.append($0) })
    try await done.wait { $0.count == 1 }
    #expect((done.all[0] as? PHPhotosError)?.code == .networkError)
    #expect(!FileManager.default.fileExists(atPath: target.path))
  }

  @Test func contentEditingInputNeedsNetworkAccess() async throws {
    try Self.install()
    let asset = try PhotoKitCompatTests.asset("grace.jpg")
    let results = Recorder<(Bool, [AnyHashable: Any])>()
    let options = PHContentEditingInputRequestOptions()
    asset.requestContentEditingInput(with: options) { input, info in
      results.append((input != nil, info))
    }
    try await results.wait { $0.count == 1 }
    #expect(results.all[0].0 == false)
    #expect(
      (results.all[0].1[PHContentEditingInputResultIsInCloudKey] as? NSNumber)?.boolValue == true)
    #expect(
      (results.all[0].1[PHContentEditingInputErrorKey] as? PHPhotosError)?.code
        == .networkAccessRequired)
    options.isNetworkAccessAllowed = true
    let progress = Recorder<Double>()
    options.progressHandler = { value, _ in progress.append(value) }
    asset.requestContentEditingInput(with: options) { input, info in
      results.append((input != nil, info))
    }
    try await results.wait { $0.count == 2 }
    #expect(results.all[1].0 == true)
    #expect(progress.all.last == 1)
  }

  @Test func aVideoNeedsNetworkAccess() async throws {
    let root = try PhotoKitCompatTests.VideoRequests.library()
    let device = try PhotoKitDevice.install(
      readWrite: .authorized, library: root,
      stateDirectory: try TestPaths.makeTemporaryDirectory("cloud-state"))
    device.useCloudClock(VirtualCloudClock())
    try device.session.setOffloaded(true, for: ["clip.MOV"])
    let asset = try PhotoKitCompatTests.asset("clip.MOV")
    let results = Recorder<(Bool, [AnyHashable: Any])>()
    PHImageManager.default().requestAVAsset(forVideo: asset, options: nil) { movie, _, info in
      results.append((movie != nil, info ?? [:]))
    }
    try await results.wait { $0.count == 1 }
    #expect(results.all[0].0 == false)
    #expect(Self.errorCode(results.all[0].1) == .networkAccessRequired)
    let options = PHVideoRequestOptions()
    options.isNetworkAccessAllowed = true
    let progress = Recorder<Double>()
    options.progressHandler = { value, _, _, _ in progress.append(value) }
    PHImageManager.default().requestPlayerItem(forVideo: asset, options: options) { item, info in
      results.append((item != nil, info ?? [:]))
    }
    try await results.wait { $0.count == 2 }
    #expect(results.all[1].0 == true)
    #expect(progress.all.last == 1)
    #expect(try !device.session.isOffloaded("clip.MOV"))
  }

  @Test func aClientThatAllowsNetworkAccessGetsProgressThenTheFullPhoto() async throws {
    let (device, _) = try Self.install(
      network: CloudNetwork(bytesPerSecond: 20_000, latencyMilliseconds: 100))
    let loader = CloudAwareImageLoader()
    let asset = try #require(loader.newestPhoto())
    let deliveries = Recorder<CloudAwareImageLoader.Delivery>()
    loader.load(asset, side: 1000) { deliveries.append($0) }
    try await deliveries.wait { $0.contains { !$0.isDegraded } }
    #expect(deliveries.all.map(\.isDegraded) == [true, false])
    #expect(deliveries.all.last?.image != nil && deliveries.all.last?.error == nil)
    let reports = loader.progressReports
    #expect(reports.first == 0 && reports.last == 1)
    #expect(zip(reports, reports.dropFirst()).allSatisfy { $0 < $1 })
    #expect(try !device.session.isOffloaded(asset.localIdentifier))
  }

  @Test func aDamagedStateFileIsReportedAndRequestsStillAnswer() async throws {
    let (device, _) = try Self.install()
    let errors = Recorder<String>()
    device.onError { errors.append("\($0)") }
    let file = try #require(device.session.cloudStore).store.url
    try Data("not json".utf8).write(to: file)
    let options = Self.options(network: false)
    options.deliveryMode = .highQualityFormat
    let (deliveries, _) = try Self.request("grace.jpg", options)
    try await deliveries.wait { $0.count == 1 }
    #expect(deliveries.all[0].image != nil)
    #expect(errors.all.contains { $0.contains("\(file.path): damaged state file") })
  }

  @Test func anOffloadByAnotherProcessReachesTheObserversAsAChange() async throws {
    let (device, _) = try Self.install(offload: [])
    let recorder = ChangeRecorder()
    PHPhotoLibrary.shared().register(recorder)
    let before = PHAsset.fetchAssets(with: nil)
    // `photogate cloud offload grace.jpg` in another shell: another FolderLibrary, same files.
    let folder = try #require(device.session.backend as? FolderLibrary)
    let elsewhere = FolderLibrary(root: folder.root, attributesStore: folder.attributesStore)
    try elsewhere.setOffloaded(true, for: ["grace.jpg"])
    try await recorder.changes.wait { !$0.isEmpty }
    let details = try #require(recorder.changes.all[0].changeDetails(for: before))
    #expect(details.changedObjects.map(\.localIdentifier) == ["grace.jpg"])
    #expect(details.insertedObjects.isEmpty && details.removedObjects.isEmpty)
    #expect(device.isInCloud("grace.jpg"))
  }

  @Test func cachingAheadNeverReadsTheFullVersionOfAnAssetInICloud() async throws {
    let (device, _) = try Self.install(offload: ["grace.jpg"])
    let grace = try device.session.asset(withID: "grace.jpg").url.path
    let manager = PHCachingImageManager()
    let size = CGSize(width: 600, height: 600)
    manager.startCachingImages(
      for: [try PhotoKitCompatTests.asset("grace.jpg")],
      targetSize: size, contentMode: .aspectFit, options: nil)
    // The caching runs in the background: wait (with a deadline) for its picture of grace.jpg.
    let deadline = ContinuousClock.now + .seconds(20)
    while ImagePipeline.shared.cachedLongSides(fileAt: grace).isEmpty,
      ContinuousClock.now < deadline
    {
      try await Task.sleep(for: .milliseconds(10))
    }
    let cached = ImagePipeline.shared.cachedLongSides(fileAt: grace)
    #expect(!cached.isEmpty)
    #expect(cached.allSatisfy { $0 <= CloudState.localVersionLongSide })
  }
}
