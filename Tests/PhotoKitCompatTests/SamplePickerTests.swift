import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import Testing

@testable import PublishedExamples

extension PhotoKitCompatTests {
  /// The sample picker article's image picker, driven through the picker-screen table: the screen
  /// for each status, the
  /// request on appear, Manage and See All Photos, and the change observer.
  @Suite struct SamplePicker {
    @Test(arguments: [
      (PHAuthorizationStatus.authorized, [String](), "Status: authorized\nPhotos: 5", true, true),
      (.limited, ["mid.png", "old.jpg"], "Status: limited\nPhotos: 2", false, true),
      (.limited, [], "Status: limited\nPhotos: 0", false, true),
      (.denied, [], "Status: denied", true, false),
      (.restricted, [], "Status: restricted", true, true),
    ])
    func showUIForEachStatus(
      status: PHAuthorizationStatus, selection: [String], info: String, manageHidden: Bool,
      seeAllHidden: Bool
    ) throws {
      try PhotoKitCompatTests.install(readWrite: status, selection: selection)
      let picker = ImagePickerViewController()
      picker.showUI(for: PHPhotoLibrary.authorizationStatus(for: .readWrite))
      #expect(picker.infoLabel.text == info)
      #expect(picker.manageButton.isHidden == manageHidden)
      #expect(picker.seeAllButton.isHidden == seeAllHidden)
    }

    /// Every stored state of docs/permission-model.md#derived-statuses through the picker's screen.
    @Test(arguments: MeasuredTables.section3)
    func everyStoredStateOnThePickerScreen(row: MeasuredTables.Row) throws {
      try PhotoKitCompatTests.install(readWrite: row.readWrite, addOnly: row.addOnly)
      let picker = ImagePickerViewController()
      picker.showUI(for: PHPhotoLibrary.authorizationStatus(for: .readWrite))
      let expected: String? =
        switch row.readWriteStatus {
        case .authorized: "Status: authorized\nPhotos: 5"
        case .limited: "Status: limited\nPhotos: 0"
        case .denied: "Status: denied"
        case .restricted: "Status: restricted"
        case .notDetermined: nil
        }
      #expect(picker.infoLabel.text == expected)
      if row.readWriteStatus != .notDetermined {  // the prompt is up: the screen is untouched
        #expect(picker.manageButton.isHidden == (row.readWriteStatus != .limited))
        #expect(picker.seeAllButton.isHidden == (row.readWriteStatus != .denied))
      }
    }

    @Test func notDeterminedShowsNothingWhileThePromptIsUp() throws {
      let device = try PhotoKitCompatTests.install()
      let picker = ImagePickerViewController()
      picker.showUI(for: PHPhotoLibrary.authorizationStatus(for: .readWrite))
      #expect(picker.infoLabel.text == nil)
      #expect(device.user.prompts.isEmpty)
    }

    /// viewDidLoad requests read/write; the answer reaches the screen through the main queue.
    @Test(arguments: [
      (PhotoKitDevice.Answer.allow, "Status: authorized\nPhotos: 5"),
      (.deny, "Status: denied"),
      (.limited, "Status: limited\nPhotos: 1"),
    ])
    func viewDidLoadAsksAndShowsTheAnswer(answer: PhotoKitDevice.Answer, info: String)
      async throws
    {
      let device = try PhotoKitCompatTests.install(
        answers: [answer], picks: [.done(adding: ["mid.png"])])
      let picker = ImagePickerViewController()
      let texts = Recorder<String?>()
      picker.infoLabel.onTextChange = { texts.append($0) }
      picker.viewDidLoad()
      try await texts.wait { $0.contains(info) }
      #expect(device.user.prompts.count == 1)
      withExtendedLifetime(picker) {}
    }

    /// Manage › Select more photos opens the limited picker; the observer refreshes the count.
    @MainActor @Test func manageSelectMorePhotosRefreshesTheCount() async throws {
      let device = try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["mid.png"],
        picks: [.done(adding: ["new.jpg", "old.jpg"])])
      let picker = ImagePickerViewController()
      let texts = Recorder<String?>()
      picker.infoLabel.onTextChange = { texts.append($0) }
      picker.viewDidLoad()
      try await texts.wait { $0.contains("Status: limited\nPhotos: 1") }
      picker.manageButtonTapped(picker)
      let sheet = try #require(picker.presentedViewController as? UIAlertController)
      #expect(
        sheet.message == "Select more photos or go to Settings to allow access to all photos.")
      #expect(
        sheet.actions.map(\.title) == [
          "Select more photos", "Allow access to all photos", "Cancel",
        ])
      sheet.action(titled: "Select more photos")?.tap()
      try await texts.wait { $0.contains("Status: limited\nPhotos: 3") }
      #expect(device.user.limitedPickers == [["mid.png"]])
    }

    /// See All Photos › Open Settings opens the app's settings page.
    @MainActor @Test func seeAllPhotosOffersSettings() throws {
      try PhotoKitCompatTests.install(readWrite: .denied)
      let picker = ImagePickerViewController()
      picker.seeAllButtonTapped(picker)
      let alert = try #require(picker.presentedViewController as? UIAlertController)
      #expect(alert.title == "Allow access to your photos")
      #expect(alert.actions.map(\.title) == ["Not Now", "Open Settings"])
      let opened = UIApplication.shared.openedURLs.count
      alert.action(titled: "Open Settings")?.tap()
      #expect(UIApplication.shared.openedURLs.count == opened + 1)
      #expect(
        UIApplication.shared.openedURLs.last?.absoluteString == UIApplication.openSettingsURLString)
    }
  }
}
