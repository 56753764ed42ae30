// The worked example of docs/snapshot-testing-guide.md, kept here so that it always compiles
// and passes. Keep the two in step.
import Foundation
import PhotoLibrary
import PickerCore
import SnapshotTesting
import Testing

@Suite struct GuideExampleTests {
  /// Three photos that exist only in memory: nothing is read from disk.
  static let photos = ["beach.jpg", "cat.png", "dog.jpg"].enumerated().map { index, id in
    Asset(
      id: id, url: URL(fileURLWithPath: "/photos/\(id)"),
      creationDate: Date(timeIntervalSince1970: 1_700_000_000 - Double(index) * 60),
      pixelWidth: 800, pixelHeight: 600, album: nil)
  }

  @Test func deniedUserIsSentToSettingsAndComesBackWithFullAccess() throws {
    // 1. A device in memory: the real permission engine on iOS 17, over a stored state where
    //    the user once answered "Don't Allow".
    let store = MemoryAuthorizationStore([
      "com.example.myapp": AuthorizationState(readWrite: .denied, requestedLevels: [.readWrite])
    ])
    let device = PhotoLibrarySession(
      bundleID: "com.example.myapp", ios: .iOS17,
      backend: MemoryLibraryBackend(assets: Self.photos), store: store)

    // 2. The picker, driven through that device; the host app gets the result.
    var delivered: [PickResult] = []
    let picker = PickerDriver(
      environment: PickerEnvironment(
        permissions: .live(device), deliver: { delivered.append($0) }))
    picker.launch()
    assertSnapshot(of: picker.screen.text, as: .lines, named: "1-denied")

    // 3. The user taps See All Photos, Open Settings, then Full Access: iOS ends the app.
    picker.send(.seeAllPhotosTapped)
    picker.send(.overlayButtonTapped(.openSettings))
    picker.send(.overlayButtonTapped(.settingsOption(.allPhotos)))
    assertSnapshot(of: picker.screen.text, as: .lines, named: "2-terminated")

    // 4. The next launch sees every photo; the user picks two and taps Add.
    picker.send(.overlayButtonTapped(.relaunch))
    picker.send(.itemToggled("dog.jpg"))
    picker.send(.itemToggled("beach.jpg"))
    picker.send(.addTapped)
    assertSnapshot(of: picker.screen.text, as: .lines, named: "3-picked")

    #expect(try device.authorizationStatus(for: .readWrite) == .authorized)
    #expect(delivered == [.picked(["dog.jpg", "beach.jpg"])])
  }
}
