import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import TestSupport
import Testing

@testable import PhotoKitCompatClients

extension PhotoKitCompatTests {
  /// The Swift 5 clients around access: a permission gate, an add-only saver, a limited
  /// library manager and an availability monitor.
  @Suite struct AccessClientExamples {
    @Test(arguments: [
      (PhotoKitDevice.Answer.allow, PHAccessLevel.readWrite, PhotoPermissionGate.Access.full),
      (.limited, .readWrite, .limited),
      (.deny, .readWrite, .none),
      (.allow, .addOnly, .addOnly),
    ])
    func theGateAsksOnceAndMapsTheAnswer(
      answer: PhotoKitDevice.Answer, level: PHAccessLevel, expected: PhotoPermissionGate.Access
    ) async throws {
      let device = try PhotoKitCompatTests.install(answers: [answer])
      let answers = Recorder<PhotoPermissionGate.Access>()
      PhotoPermissionGate.ensureAccess(for: level) { answers.append($0) }
      try await answers.wait { !$0.isEmpty }
      PhotoPermissionGate.ensureAccess(for: level) { answers.append($0) }
      try await answers.wait { $0.count == 2 }
      #expect(answers.all == [expected, expected])
      #expect(device.user.prompts.count == 1)
      #expect(PhotoPermissionGate.currentAccess(for: level) == expected)
    }

    @Test func theSettingsAlertOpensSettings() {
      let alert = PhotoPermissionGate.settingsAlert(appName: "Gallery")
      alert.action(titled: "Open Settings")?.tap()
      #expect(UIApplication.shared.openedURLs.last?.absoluteString == "app-settings:")
    }

    @Test func theDataSaverSavesUnderItsNameWithAddOnlyAccess() async throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      let device = try PhotoKitCompatTests.install(library: library, answers: [.allow, .deny])
      let data = try Data(contentsOf: PhotoKitCompatTests.imageToSave)
      let outcomes = Recorder<ImageDataSaver.Failure?>()
      ImageDataSaver().save(data, as: "edited.jpg") { outcomes.append($0) }
      try await outcomes.wait { !$0.isEmpty }
      #expect(outcomes.all == [nil])
      #expect(
        FileManager.default.fileExists(atPath: library.appendingPathComponent("edited.jpg").path))
      #expect(device.user.prompts.map(\.level) == [.addOnly])
      // Add-only cannot read back what it saved.
      #expect(PHAsset.fetchAssets(with: nil).count == 0)
    }

    @Test func theManageSheetOpensTheLimitedPickerAndHearsTheNewSelection() async throws {
      try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["old.jpg"], picks: [.done(adding: ["new.jpg"])])
      let manager = LimitedLibraryManager(host: UIViewController())
      #expect(manager.isManageButtonVisible)
      let heard = Recorder<Bool>()
      manager.onSelectionChange = { heard.append(true) }
      manager.manageSheet().action(titled: "Select more photos")?.tap()
      try await heard.wait { !$0.isEmpty }
      #expect(
        Set(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: nil))) == ["old.jpg", "new.jpg"])
    }

    @Test func theMonitorShowsAnAlertWhenTheLibraryGoesAway() async throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      let device = try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      let monitor = LibraryAvailabilityMonitor()
      let alerts = Recorder<String?>()
      monitor.onUnavailable = { alerts.append($0.title) }
      monitor.start()
      #expect(monitor.isAvailable)
      try FileManager.default.removeItem(at: library)
      device.session.notify(.assetsChanged([]))
      try await alerts.wait { !$0.isEmpty }
      #expect(alerts.all == ["Photo Library Unavailable"])
      monitor.stop()
    }
  }
}
