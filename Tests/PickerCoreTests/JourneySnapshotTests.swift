import PhotoLibrary
import PickerCore
import SnapshotTesting
import Testing

/// The main journeys, as the taps a user makes, through the real permission model
/// in memory, with a snapshot after each meaningful step.
/// Snapshots: `__Snapshots__/JourneySnapshotTests/<journey>.iOS<N>-<step>.txt`.
@Suite struct JourneySnapshotTests {
  @Test(arguments: [IOSVersion.iOS14, .iOS17])
  func firstLaunchLimitAccessPickThreeThenSelectTwoMore(ios: IOSVersion) {
    let picker = PickerHarness(ios: ios)
    func snap(_ step: String) {
      assertSnapshot(
        of: picker.text, as: .lines, named: "iOS\(ios)-\(step)",
        testName: "firstLaunchLimitAccess")
    }
    picker.launch()
    snap("01-prompt")
    picker.answerPrompt(.limited)
    snap("02-limited-picker-opens-empty")
    picker.send(.cursorMoved(.right), .focusedItemToggled)
    picker.send(.itemToggled("IMG_0004.jpg"), .itemToggled("IMG_0005.jpg"))
    snap("03-three-checked")
    picker.tap(.done)
    snap("04-limited-three-photos-no-automatic-alert")
    picker.send(.manageTapped)
    snap("05-manage-sheet")
    picker.tap(.selectMorePhotos)
    snap("06-picker-shows-the-selection")
    picker.send(.itemToggled("IMG_0001.jpg"), .itemToggled("IMG_0006.jpg"))
    snap("07-five-checked")
    picker.tap(.done)
    snap("08-limited-five-photos")
    picker.send(.itemToggled("IMG_0006.jpg"), .itemToggled("IMG_0001.jpg"), .addTapped)
    snap("09-two-picked-and-added")

    #expect(
      picker.stored.limitedSelection
        == AssetIDSet(AssetFixtures.ids(1...2) + AssetFixtures.ids(4...6)))
    #expect(picker.results == [.picked(["IMG_0006.jpg", "IMG_0001.jpg"])])
  }

  @Test(arguments: [IOSVersion.iOS13, .iOS14, .iOS17])
  func deniedSeeAllPhotosOpenSettingsAllPhotosRelaunch(ios: IOSVersion) {
    let picker = PickerHarness(
      ios: ios, authorization: AuthorizationState(readWrite: .denied, requestedLevels: [.readWrite])
    )
    func snap(_ step: String) {
      assertSnapshot(
        of: picker.text, as: .lines, named: "iOS\(ios)-\(step)", testName: "deniedToAllPhotos")
    }
    picker.launch()
    snap("01-denied")
    picker.send(.seeAllPhotosTapped)
    snap("02-see-all-photos-alert")
    picker.tap(.openSettings)
    snap("03-settings")
    picker.tap(.settingsOption(.allPhotos))
    snap("04-app-terminated")
    picker.tap(.relaunch)
    snap("05-relaunched-authorized")

    #expect(picker.stored.readWrite == .authorized)
    #expect(picker.driver.state.launchCount == 2)
  }

  @Test(arguments: [IOSVersion.iOS14, .iOS17])
  func addOnlyFirstThenReadWriteReachesTheFourOptionSettingsRow(ios: IOSVersion) {
    let picker = PickerHarness(
      ios: ios, configuration: PickerConfiguration(columns: 3, rows: 2, launchRequest: nil))
    func snap(_ step: String) {
      assertSnapshot(
        of: picker.text, as: .lines, named: "iOS\(ios)-\(step)", testName: "addOnlyThenReadWrite")
    }
    picker.launch()
    picker.send(.authorizationRequested(.addOnly))
    snap("01-add-only-prompt")
    picker.answerPrompt(.allow)
    picker.send(.openSettingsTapped)
    snap("02-settings-two-options")
    picker.tap(.back)
    picker.send(.authorizationRequested(.readWrite))
    snap("03-read-write-prompt-keep-add-only")
    picker.answerPrompt(.allow)
    snap("04-authorized")
    picker.send(.openSettingsTapped)
    snap("05-settings-four-options")

    guard case .settings(let row?, _) = picker.driver.state.overlay else {
      Issue.record("Settings is not up")
      return
    }
    // iOS 17 and later list None first.
    let four: [SettingsOption] = [.addPhotosOnly, .selectedPhotos, .allPhotos]
    #expect(row.options == (ios >= .iOS17 ? [.none] + four : four + [.none]))
  }

  @Test func largeLibraryPagesThroughAWindowAndStopsPickingAtTheLimit() {
    let picker = PickerHarness(
      ios: .iOS17,
      authorization: AuthorizationState(readWrite: .authorized, requestedLevels: [.readWrite]),
      assetCount: 40,
      configuration: PickerConfiguration(columns: 4, rows: 3, selectionLimit: 2))
    func snap(_ step: String) {
      assertSnapshot(of: picker.text, as: .lines, named: step, testName: "largeLibrary")
    }
    picker.launch()
    snap("01-top")
    picker.send(.cursorMoved(.pageDown))
    snap("02-page-down")
    picker.send(.focusedItemToggled, .cursorMoved(.end), .focusedItemToggled)
    picker.send(.cursorMoved(.left), .focusedItemToggled)
    snap("03-end-two-picked-third-refused")
    picker.send(.addTapped)
    snap("04-added")

    #expect(picker.results == [.picked(["IMG_0013.jpg", "IMG_0040.jpg"])])
    // Thumbnails were asked for once each, and only for what was visible.
    let asked = picker.thumbnailBatches.flatMap { $0 }
    #expect(asked.count == Set(asked).count)
    #expect(
      picker.thumbnailBatches == [
        AssetFixtures.ids(1...12), AssetFixtures.ids(13...24), AssetFixtures.ids(29...40),
      ])
  }

  @Test func automaticLimitedAlertShowsOncePerLaunch() {
    let picker = PickerHarness(
      ios: .iOS17,
      authorization: AuthorizationState(
        readWrite: .limited, limitedSelection: ["IMG_0003.jpg"], requestedLevels: [.readWrite]))
    picker.launch()
    assertSnapshot(of: picker.text, as: .lines, named: "01-alert", testName: "automaticAlert")
    picker.tap(.alert(.keepCurrentSelection))
    picker.send(.photoLibraryDidChange)
    #expect(picker.driver.state.overlay == nil)
    picker.send(.openSettingsTapped).tap(.settingsOption(.allPhotos))
    picker.tap(.relaunch)
    #expect(picker.driver.state.overlay == nil)
    #expect(picker.driver.state.status == .authorized)
    picker.send(.openSettingsTapped).tap(.settingsOption(.selectedPhotos))
    picker.tap(.relaunch)
    assertSnapshot(
      of: picker.text, as: .lines, named: "02-alert-again-after-relaunch",
      testName: "automaticAlert")
  }
}

extension JourneySnapshotTests {
  @Test func libraryChangesRefreshStatusAndCount() {
    let picker = PickerHarness(
      ios: .iOS17,
      authorization: AuthorizationState(readWrite: .authorized, requestedLevels: [.readWrite]),
      assetCount: 3
    ).launch()
    #expect(picker.driver.state.infoLines == ["Status: authorized", "Photos: 3"])
    picker.library.add([AssetFixtures.asset(4)])
    picker.send(.photoLibraryDidChange)
    #expect(picker.driver.state.infoLines == ["Status: authorized", "Photos: 4"])
    // A change of the stored state (another process revoked access) is picked up too.
    picker.storeFromOutside { $0.readWrite = .denied }
    picker.send(.photoLibraryDidChange)
    #expect(picker.driver.state.infoLines == ["Status: denied"])
    #expect(picker.driver.state.assets.isEmpty)
    #expect(picker.driver.state.screenButtons == [PickerTexts.seeAllPhotos])
  }

  @Test func fixedClientShowsItsScreenWithoutAnyPrompt() {
    let driver = PickerDriver(
      environment: PickerEnvironment(
        permissions: .fixed(
          LibraryContents(status: .limited, assets: AssetFixtures.assets(2)),
          launch: LaunchInfo(appName: "Fixed", ios: .iOS16))))
    driver.launch()
    driver.send(.manageTapped)
    driver.send(.overlayButtonTapped(.selectMorePhotos))
    #expect(driver.state.overlay == nil)
    #expect(driver.screen.info == ["Status: limited", "Photos: 2"])
    #expect(
      driver.performedEffects == [
        .requestAuthorization(.readWrite), .readLibrary,
        .loadThumbnails(AssetFixtures.ids(1...2)), .presentLimitedPicker,
      ])
  }
}

extension JourneySnapshotTests {
  @Test func everyChangeIsStoredAtOnceAndAChangeFromOutsideIsSeenAtTheNextLaunch() {
    let picker = PickerHarness(
      ios: .iOS17,
      authorization: AuthorizationState(readWrite: .denied, requestedLevels: [.readWrite]))
    picker.launch().send(.openSettingsTapped).tap(.settingsOption(.allPhotos))
    #expect(picker.stored.readWrite == .authorized)

    picker.storeFromOutside {
      $0 = AuthorizationState(readWrite: .limited, requestedLevels: [.readWrite])
    }
    picker.tap(.relaunch)
    #expect(picker.driver.state.status == .limited)
    #expect(picker.driver.state.infoLines == ["Status: limited", "Photos: 0"])
  }
}
