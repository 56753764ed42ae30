import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import TestSupport
import Testing

/// `PhotoKitDevice` is an adapter over the `SimulatedPhone` of its launch: it lists what the
/// phone lists, its change observers hear each change of the phone's one observation of the
/// folder once, and a relaunch is the phone's next launch (observers and albums created empty
/// are gone).
@Suite(.isolatedPhotoKitDevice) struct DeviceAdapterTests {
  typealias Setup = LibraryChangeScriptTests.Setup

  /// Observes availability (which connects to the device's notices as well).
  final class AvailabilityRecorder: PHPhotoLibraryAvailabilityObserver, Sendable {
    func photoLibraryDidBecomeUnavailable(_ photoLibrary: PHPhotoLibrary) {}
  }

  static func titles(_ result: PHFetchResult<PHAssetCollection>) -> [String] {
    var titles: [String] = []
    result.enumerateObjects { collection, _, _ in titles.append(collection.localIdentifier) }
    return titles
  }

  @Test func theDeviceListsWhatItsPhoneLists() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let device = try setup.install(readWrite: .limited, selection: ["b.png"])
    let fetched = LibraryChangeScriptTests.ids(PHAsset.fetchAssets(with: nil))
    #expect(fetched == ["b.png"])
    #expect(Set(try device.phone.visibleAssets().map(\.id)) == fetched)
    #expect(device.phone.readableFiles(["a.jpg", "b.png"]).map(\.id) == ["b.png"])
    #expect(device.session === device.phone.session)
    let looked = PHAsset.fetchAssets(withLocalIdentifiers: ["a.jpg", "b.png"], options: nil)
    #expect(LibraryChangeScriptTests.ids(looked) == ["b.png"])
  }

  /// Fault: an availability observer beside a change observer. Each transaction is still one
  /// engine notice and one `PHChange` (a second watcher of the folder would tell it twice).
  @Test func eachTransactionIsOneNoticeAndOneChange() async throws {
    let setup = try Setup()
    defer { setup.remove() }
    let device = try setup.install()
    let notices = Recorder<PhotoLibraryChange>()
    let logID = device.session.register { notices.append($0) }
    defer { device.session.unregister(logID) }
    let recorder = ChangeRecorder()
    let availability = AvailabilityRecorder()
    PHPhotoLibrary.shared().register(availability)
    defer { PHPhotoLibrary.shared().unregisterAvailabilityObserver(availability) }
    PHPhotoLibrary.shared().register(recorder)
    var script = LibraryChangeScript()
    script.transaction(.insert(setup.photo, as: "one.jpg"))
    script.transaction(.delete("b.png"))
    script.transaction(.insert(setup.photo, as: "two.jpg"))
    try await script.apply()
    #expect(recorder.changes.count == 3)
    #expect(
      notices.all == [
        .assetsChanged(["one.jpg"]), .assetsChanged(["b.png"]), .assetsChanged(["two.jpg"]),
      ])
  }

  @Test func aRelaunchDropsTheObserversAndTheEmptyAlbumsOfTheLastLaunch() async throws {
    let setup = try Setup()
    defer { setup.remove() }
    let first = try setup.install()
    let earlier = ChangeRecorder()
    PHPhotoLibrary.shared().register(earlier)
    try PHPhotoLibrary.shared().performChangesAndWait {
      PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "Empty")
    }
    let albums = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil)
    #expect(Self.titles(albums) == ["Empty"])
    #expect(first.phone.launch.emptyAlbums == ["Empty"])

    let second = first.relaunch()
    #expect(second.phone !== first.phone)
    #expect(PhotoKitDevice.current === second)
    let fetched = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil)
    #expect(Self.titles(fetched).isEmpty)
    let before = earlier.changes.count
    let later = ChangeRecorder()
    PHPhotoLibrary.shared().register(later)
    var script = LibraryChangeScript()
    script.transaction(.insert(setup.photo, as: "one.jpg"))
    try await script.apply()
    #expect(later.changes.count == 1)
    // The last launch's phone stopped hearing the folder when it ended.
    #expect(earlier.changes.count == before)
  }
}
