import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import TestSupport
import Testing

/// One result an image request delivered.
struct ImageDelivery: @unchecked Sendable {
  var image: UIImage?
  var info: [AnyHashable: Any]
  var onMainThread: Bool

  var isDegraded: Bool { (info[PHImageResultIsDegradedKey] as? Bool) ?? false }
  var isCancelled: Bool { (info[PHImageCancelledKey] as? Bool) ?? false }
  var longSide: CGFloat { image.map { max($0.size.width, $0.size.height) } ?? 0 }
}

/// Whether the caller runs on the main queue. (On Linux `dispatch_main()` ends the main thread
/// and the main queue runs on a worker thread, so `Thread.isMainThread` cannot tell.)
func isOnMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey) == true
}

private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// Waits for everything already queued on the main queue to run.
func drainMainQueue() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}

extension PhotoKitCompatTests {
  /// A library folder: grace.jpg (512×600), Trips/cat.png (451×300) and rotated.jpg (300×451
  /// stored, EXIF orientation 6: displayed 451×300).
  static func imageLibrary() throws -> URL {
    let root = try sampleLibrary()
    try FileManager.default.copyItem(
      at: TestPaths.sampleImages.appendingPathComponent("chelsea-the-cat-exif-orientation-6.jpg"),
      to: root.appendingPathComponent("rotated.jpg"))
    return root
  }

  /// The asset `id` of the installed device.
  static func asset(_ id: String) throws -> PHAsset {
    try #require(PHAsset.fetchAssets(withLocalIdentifiers: [id], options: nil).firstObject)
  }

  /// `PHImageManager.requestImage` and the image data requests: sizes, delivery, threading,
  /// cancellation and PhotoKit's info keys.
  @Suite struct ImageManager {
    @Test func opportunisticRequestsDeliverADegradedImageThenTheFinalOneOnTheMainQueue()
      async throws
    {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: PhotoKitCompatTests.imageLibrary())
      let asset = try PhotoKitCompatTests.asset("grace.jpg")
      let deliveries = Recorder<ImageDelivery>()
      let id = PHImageManager.default().requestImage(
        for: asset, targetSize: CGSize(width: 200, height: 200), contentMode: .aspectFit,
        options: nil
      ) { image, info in
        deliveries.append(
          ImageDelivery(image: image, info: info ?? [:], onMainThread: isOnMainQueue()))
      }
      #expect(id != PHInvalidImageRequestID)
      try await deliveries.wait { $0.count == 2 }
      let all = deliveries.all
      #expect(all.map(\.isDegraded) == [true, false])
      #expect(all.allSatisfy { $0.onMainThread })
      #expect(all[0].longSide < all[1].longSide)
      #expect(all.allSatisfy { ($0.info[PHImageResultRequestIDKey] as? PHImageRequestID) == id })
      #expect(
        all.allSatisfy { ($0.info[PHImageResultIsInCloudKey] as? NSNumber)?.boolValue == false })
    }

    @Test(arguments: [
      PHImageRequestOptionsDeliveryMode.opportunistic, .highQualityFormat, .fastFormat,
    ])
    func synchronousRequestsDeliverOnceBeforeReturningOnTheCallingThread(
      _ mode: PHImageRequestOptionsDeliveryMode
    ) throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: PhotoKitCompatTests.imageLibrary())
      let asset = try PhotoKitCompatTests.asset("Trips/cat.png")
      let options = PHImageRequestOptions()
      options.isSynchronous = true
      options.deliveryMode = mode
      let callingThread = Thread.current
      var deliveries: [ImageDelivery] = []
      PHImageManager.default().requestImage(
        for: asset, targetSize: CGSize(width: 100, height: 100), contentMode: .aspectFit,
        options: options
      ) { image, info in
        #expect(Thread.current == callingThread)
        deliveries.append(ImageDelivery(image: image, info: info ?? [:], onMainThread: false))
      }
      #expect(deliveries.count == 1)
      #expect(deliveries.first?.isDegraded == false)
      #expect(deliveries.first?.image != nil)
    }

    @Test func singleResultModesDeliverOnceAsynchronously() async throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: PhotoKitCompatTests.imageLibrary())
      let asset = try PhotoKitCompatTests.asset("grace.jpg")
      for mode in [PHImageRequestOptionsDeliveryMode.highQualityFormat, .fastFormat] {
        let options = PHImageRequestOptions()
        options.deliveryMode = mode
        let deliveries = Recorder<ImageDelivery>()
        PHImageManager.default().requestImage(
          for: asset, targetSize: CGSize(width: 50, height: 50), contentMode: .aspectFill,
          options: options
        ) { image, info in
          deliveries.append(
            ImageDelivery(image: image, info: info ?? [:], onMainThread: isOnMainQueue()))
        }
        try await deliveries.wait { !$0.isEmpty }
        await drainMainQueue()
        #expect(deliveries.count == 1)
        #expect(deliveries.all.first?.isDegraded == false)
        #expect(deliveries.all.first?.onMainThread == true)
      }
    }

    /// grace.jpg is 512×600: the long side of each result.
    @Test(arguments: [
      (
        CGSize(width: 64, height: 64), PHImageContentMode.aspectFit,
        PHImageRequestOptionsResizeMode.exact, PHImageRequestOptionsDeliveryMode.highQualityFormat,
        64.0
      ),
      (CGSize(width: 64, height: 64), .aspectFill, .exact, .highQualityFormat, 75),
      (CGSize(width: 64, height: 64), .aspectFit, .fast, .highQualityFormat, 75),
      (CGSize(width: 300, height: 300), .aspectFit, .fast, .highQualityFormat, 300),
      (CGSize(width: 64, height: 64), .aspectFit, .none, .highQualityFormat, 600),
      (PHImageManagerMaximumSize, .aspectFit, .exact, .highQualityFormat, 600),
      (CGSize(width: 2000, height: 2000), .aspectFill, .exact, .highQualityFormat, 600),
      (CGSize(width: 64, height: 64), .aspectFit, .exact, .fastFormat, 75),
    ])
    func resultsAreSizedAsResizeModeAndContentModeSay(
      targetSize: CGSize, contentMode: PHImageContentMode,
      resizeMode: PHImageRequestOptionsResizeMode, deliveryMode: PHImageRequestOptionsDeliveryMode,
      longSide: Double
    ) throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: PhotoKitCompatTests.imageLibrary())
      let options = PHImageRequestOptions()
      options.isSynchronous = true
      options.resizeMode = resizeMode
      options.deliveryMode = deliveryMode
      var result: UIImage?
      PHImageManager.default().requestImage(
        for: try PhotoKitCompatTests.asset("grace.jpg"), targetSize: targetSize,
        contentMode: contentMode, options: options
      ) { image, _ in result = image }
      let image = try #require(result)
      #expect(max(image.size.width, image.size.height) == CGFloat(longSide))
      #expect(image.scale == 1 && image.imageOrientation == .up)
      if contentMode == .aspectFill && resizeMode == .exact && targetSize.width < 512 {
        #expect(min(image.size.width, image.size.height) == targetSize.width)
      }
    }

    @Test func exactRequestsCropToTheNormalizedCropRect() throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: PhotoKitCompatTests.imageLibrary())
      let asset = try PhotoKitCompatTests.asset("grace.jpg")
      func request(_ target: CGFloat, crop: CGRect, resizeMode: PHImageRequestOptionsResizeMode)
        throws -> UIImage
      {
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        options.resizeMode = resizeMode
        options.normalizedCropRect = crop
        var result: UIImage?
        PHImageManager.default().requestImage(
          for: asset, targetSize: CGSize(width: target, height: target), contentMode: .aspectFit,
          options: options
        ) { image, _ in result = image }
        return try #require(result)
      }
      // The upper left quarter (256×300 of 512×600) fitted in 100×100.
      let quarter = try request(
        100, crop: CGRect(x: 0, y: 0, width: 0.5, height: 0.5), resizeMode: .exact)
      #expect(quarter.size == CGSize(width: 86, height: 100))
      // The same pixels as the upper left of the whole image fitted in 200×200 (171×200).
      let whole = try request(200, crop: .zero, resizeMode: .exact)
      #expect(whole.size == CGSize(width: 171, height: 200))
      for (x, y) in [(0, 0), (85, 0), (0, 99), (85, 99), (40, 50)] {
        #expect(quarter.pixel(x: x, y: y) == whole.pixel(x: x, y: y))
      }
      // Without .exact the crop is not applied, as PhotoKit documents.
      let fast = try request(
        100, crop: CGRect(x: 0, y: 0, width: 0.5, height: 0.5), resizeMode: .fast)
      #expect(fast.size == CGSize(width: 128, height: 150))
    }

    @Test func exifOrientationIsAppliedToImages() throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: PhotoKitCompatTests.imageLibrary())
      let options = PHImageRequestOptions()
      options.isSynchronous = true
      var result: UIImage?
      PHImageManager.default().requestImage(
        for: try PhotoKitCompatTests.asset("rotated.jpg"), targetSize: PHImageManagerMaximumSize,
        contentMode: .default, options: options
      ) { image, _ in result = image }
      #expect(result?.size == CGSize(width: 451, height: 300))
    }

    @MainActor @Test func aCancelledRequestDeliversOnlyTheCancellation() async throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: PhotoKitCompatTests.imageLibrary())
      let asset = try PhotoKitCompatTests.asset("grace.jpg")
      let manager = PHCachingImageManager()
      let deliveries = Recorder<ImageDelivery>()
      // On the main actor: nothing is delivered before this function suspends.
      let id = manager.requestImage(
        for: asset, targetSize: CGSize(width: 80, height: 80), contentMode: .aspectFill,
        options: nil
      ) { image, info in
        deliveries.append(
          ImageDelivery(image: image, info: info ?? [:], onMainThread: isOnMainQueue()))
      }
      manager.cancelImageRequest(id)
      try await deliveries.wait { !$0.isEmpty }
      // The second stage (if any) is decoded and queued after the first: wait for a new
      // request on the same queue to finish, then for the main queue.
      let later = Recorder<Bool>()
      manager.requestImage(
        for: asset, targetSize: CGSize(width: 80, height: 80), contentMode: .aspectFill,
        options: nil
      ) { _, info in later.append((info?[PHImageResultIsDegradedKey] as? Bool) ?? true) }
      try await later.wait { $0.contains(false) }
      await drainMainQueue()
      #expect(deliveries.count == 1)
      #expect(deliveries.all.first?.image == nil)
      #expect(deliveries.all.first?.isCancelled == true)
      #expect(
        (deliveries.all.first?.info[PHImageResultRequestIDKey] as? NSNumber)?.int32Value == id)
    }

    @Test func unreadableAssetsGiveNilAndAnError() async throws {
      let device = try PhotoKitCompatTests.install(
        readWrite: .authorized, library: PhotoKitCompatTests.imageLibrary())
      let asset = try PhotoKitCompatTests.asset("grace.jpg")
      try device.session.apply(.revoke, to: .photos)
      let deliveries = Recorder<ImageDelivery>()
      PHImageManager.default().requestImage(
        for: asset, targetSize: CGSize(width: 80, height: 80), contentMode: .aspectFit,
        options: nil
      ) { image, info in
        deliveries.append(
          ImageDelivery(image: image, info: info ?? [:], onMainThread: isOnMainQueue()))
      }
      try await deliveries.wait { !$0.isEmpty }
      await drainMainQueue()
      #expect(deliveries.count == 1)
      #expect(deliveries.all.first?.image == nil)
      #expect(
        (deliveries.all.first?.info[PHImageErrorKey] as? PHPhotosError)?.code == .identifierNotFound
      )
    }

    @Test func imageDataComesAsStoredWithItsTypeAndOrientation() async throws {
      let library = try PhotoKitCompatTests.imageLibrary()
      try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      let rotated = try PhotoKitCompatTests.asset("rotated.jpg")
      let results = Recorder<(Data?, String?, CGImagePropertyOrientation, Bool)>()
      PHImageManager.default().requestImageDataAndOrientation(for: rotated, options: nil) {
        data, uti, orientation, _ in
        results.append((data, uti, orientation, isOnMainQueue()))
      }
      try await results.wait { !$0.isEmpty }
      let (data, uti, orientation, onMain) = try #require(results.all.first)
      #expect(data == (try Data(contentsOf: library.appendingPathComponent("rotated.jpg"))))
      #expect(uti == "public.jpeg")
      #expect(orientation == .right)
      #expect(onMain)

      let options = PHImageRequestOptions()
      options.isSynchronous = true
      options.version = .original
      var png: (String?, UIImage.Orientation, Int)?
      PHImageManager.default().requestImageData(
        for: try PhotoKitCompatTests.asset("Trips/cat.png"), options: options
      ) { data, uti, orientation, _ in png = (uti, orientation, data?.count ?? 0) }
      #expect(png?.0 == "public.png")
      #expect(png?.1 == .up)
      #expect((png?.2 ?? 0) > 0)
      var rotatedOrientation: UIImage.Orientation?
      PHImageManager.default().requestImageData(for: rotated, options: options) {
        _, _, orientation, _ in
        rotatedOrientation = orientation
      }
      #expect(rotatedOrientation == .right)
    }

    @Test func progressIsNeverReportedForLocalAssets() throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: PhotoKitCompatTests.imageLibrary())
      let progress = Recorder<Double>()
      let options = PHImageRequestOptions()
      options.isSynchronous = true
      options.isNetworkAccessAllowed = true
      options.progressHandler = { value, _, _, _ in progress.append(value) }
      var delivered = false
      PHImageManager.default().requestImage(
        for: try PhotoKitCompatTests.asset("grace.jpg"), targetSize: PHImageManagerMaximumSize,
        contentMode: .aspectFit, options: options
      ) { image, _ in delivered = image != nil }
      #expect(delivered)
      #expect(progress.all.isEmpty)
    }
  }
}
