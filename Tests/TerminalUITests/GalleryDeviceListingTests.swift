import Foundation
import PhotoLibrary
import PickerCore
import Testing

@testable import TerminalUI

/// The device's kept listing against the picker's: the first scan may still be running when
/// the device is made, and the picker may fetch a newer listing before the change notice is
/// handled.
@Suite struct GalleryDeviceListingTests {
  @Test func thumbnailsOfAssetsTheDeviceHasNotSeenYetAreStillLoaded() throws {
    let backend = MemoryLibraryBackend(ids: [])
    let store = MemoryAuthorizationStore([
      "com.example.picker": AuthorizationState(
        readWrite: .authorized, requestedLevels: [.readWrite])
    ])
    let session = PhotoLibrarySession(
      bundleID: "com.example.picker", ios: .newest, backend: backend, store: store)
    // Made while the library still looked empty.
    let device = try SimulatedPhone(session: session, libraryPath: "/memory")
    backend.add(
      ["b.jpg", "a.jpg"].map { id in
        Asset(
          id: id, url: URL(fileURLWithPath: "/memory/" + id), creationDate: Date(),
          pixelWidth: 1, pixelHeight: 1, album: nil)
      })
    var requested: [String] = []
    let app = GalleryApp(
      model: GalleryModel(mode: .browse, size: TerminalSize(columns: 80, rows: 30)),
      device: device, requestThumbnails: { items in requested += items.map(\.id) })
    app.start()
    #expect(app.model.picker.assets.count == 2)
    #expect(Set(requested) == ["a.jpg", "b.jpg"])
  }
}
