import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import TestSupport
import Testing

/// Every PhotoKitCompat test: one serialized suite, because `PHPhotoLibrary.shared()` runs on
/// one installed device at a time (as an app runs on one phone). The nested suites live in
/// the other files of this folder.
@Suite(.serialized) struct PhotoKitCompatTests {
  /// The in-memory library most tests use, newest first.
  static let ids = ["new.jpg", "Trips/beach.jpg", "mid.png", "Trips/hill.jpg", "old.jpg"]

  /// Installs a device over the in-memory library, recording terminations instead of exiting.
  @discardableResult
  static func install(
    ios: PhotoKitDevice.IOS = .iOS17, infoPlist: [String: Any]? = nil,
    readWrite: PHAuthorizationStatus = .notDetermined,
    addOnly: PHAuthorizationStatus = .notDetermined, selection: [String] = [],
    library: URL? = nil, answers: [PhotoKitDevice.Answer] = [],
    picks: [PhotoKitUser.PickerAnswer] = [], terminations: Recorder<AppTermination>? = nil
  ) throws -> PhotoKitDevice {
    let terminations = terminations ?? Recorder()
    return try PhotoKitDevice.install(
      ios: ios, infoPlist: infoPlist, readWrite: readWrite, addOnly: addOnly,
      selection: selection, library: library, assets: ids, answers: answers, picks: picks,
      onTermination: { terminations.append($0) })
  }

  /// A temporary library folder holding two sample images (one in the album "Trips").
  static func sampleLibrary() throws -> URL {
    let root = try TestPaths.makeTemporaryDirectory("photokit")
    let trips = root.appendingPathComponent("Trips")
    try FileManager.default.createDirectory(at: trips, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg"),
      to: root.appendingPathComponent("grace.jpg"))
    try FileManager.default.copyItem(
      at: TestPaths.sampleImages.appendingPathComponent("chelsea-the-cat.png"),
      to: trips.appendingPathComponent("cat.png"))
    return root
  }

  /// A sample image outside any library, to save.
  static var imageToSave: URL {
    TestPaths.sampleImages.appendingPathComponent("coffee-cup-progressive.jpg")
  }

  /// The ids of a fetch result, in order.
  static func ids(_ result: PHFetchResult<PHAsset>) -> [String] {
    var ids: [String] = []
    result.enumerateObjects { asset, _, _ in ids.append(asset.localIdentifier) }
    return ids
  }
}
