import PhotoLibrary
import PickerCore
import Testing

/// The reducer alone: each test sends actions and compares the WHOLE state (and the effects)
/// with what it should be, TCA style.
@Suite struct PickerReducerTests {
  static let launchInfo = LaunchInfo(appName: "Picker", ios: .iOS17)

  /// A launched screen whose read/write status resolved to `status` with `assets` visible.
  static func screen(
    _ status: AuthorizationStatus, assets: [Asset] = [],
    configuration: PickerConfiguration = PickerConfiguration(columns: 3, rows: 2)
  ) -> PickerState {
    var state = PickerState(configuration: configuration)
    _ = PickerReducer.reduce(into: &state, action: .launched(launchInfo))
    _ = PickerReducer.reduce(into: &state, action: .authorizationResolved(status))
    _ = PickerReducer.reduce(
      into: &state, action: .libraryRead(LibraryContents(status: status, assets: assets)))
    return state
  }

  @Test func launchResetsTheScreenAndRequestsReadWrite() {
    var state = Self.screen(.limited, assets: AssetFixtures.assets(4))
    state.overlay = .manageSheet
    let effects = PickerReducer.reduce(into: &state, action: .launched(Self.launchInfo))

    var expected = PickerState(configuration: PickerConfiguration(columns: 3, rows: 2))
    expected.launch = Self.launchInfo
    expected.launchCount = 2
    expected.pendingRequest = .readWrite
    #expect(state == expected)
    #expect(effects == [.requestAuthorization(.readWrite)])
  }

  @Test func authorizedReadsTheLibraryThenShowsCountAndAskedForVisibleThumbnails() {
    var state = PickerState(configuration: PickerConfiguration(columns: 3, rows: 2))
    _ = PickerReducer.reduce(into: &state, action: .launched(Self.launchInfo))
    do {
      let effects = PickerReducer.reduce(into: &state, action: .authorizationResolved(.authorized))
      #expect(effects == [.readLibrary])
    }
    let assets = AssetFixtures.assets(8)
    let effects = PickerReducer.reduce(
      into: &state, action: .libraryRead(LibraryContents(status: .authorized, assets: assets)))

    #expect(effects == [.loadThumbnails(AssetFixtures.ids(1...6))])
    #expect(state.status == .authorized)
    #expect(state.pendingRequest == nil)
    #expect(state.infoLines == ["Status: authorized", "Photos: 8"])
    #expect(state.screenButtons == [])
    #expect(state.grid == GridWindow(columns: 3, rows: 2, count: 8))
    #expect(state.shownThumbnails == AssetFixtures.ids(1...6))
  }

  @Test func aLargeLibrarysCountIsGroupedAsTheScanProgressIs() {
    let state = Self.screen(.authorized, assets: AssetFixtures.assets(1_234))
    #expect(state.infoLines == ["Status: authorized", "Photos: 1,234"])
  }

  @Test(arguments: [
    (0, "0"), (999, "999"), (1_000, "1,000"), (41_200, "41,200"), (100_000, "100,000"),
    (1_234_567, "1,234,567"), (-1_000, "-1,000"),
  ])
  func countsAreGroupedByThreeWhateverTheLocale(_ n: Int, _ text: String) {
    #expect(CountText.grouped(n) == text)
  }

  @Test(arguments: [
    (AuthorizationStatus.denied, ["Status: denied"], ["See All Photos"]),
    (.restricted, ["Status: restricted"], []),
    (.notDetermined, [], []),
  ])
  func statusesWithoutAccessShowNoGridAndNoRead(
    status: AuthorizationStatus, info: [String], buttons: [String]
  ) {
    var state = PickerState()
    _ = PickerReducer.reduce(into: &state, action: .launched(Self.launchInfo))
    let effects = PickerReducer.reduce(into: &state, action: .authorizationResolved(status))
    #expect(effects == [])
    #expect(state.infoLines == info)
    #expect(state.screenButtons == buttons)
    #expect(state.assets.isEmpty)
  }

  @Test func seeAllPhotosAlertFocusWrapsAndOpenSettingsOpensSettings() {
    var state = Self.screen(.denied)
    let before = state
    do {
      let effects = PickerReducer.reduce(into: &state, action: .seeAllPhotosTapped)
      #expect(effects == [])
    }
    var expected = before
    expected.overlay = .seeAllPhotosAlert
    #expect(state == expected)

    _ = PickerReducer.reduce(into: &state, action: .overlayFocusMoved(by: 3))
    expected.overlayFocus = 1
    #expect(state == expected)

    let effects = PickerReducer.reduce(into: &state, action: .overlayFocusedButtonActivated)
    expected.overlay = nil
    #expect(state == expected)
    #expect(effects == [.openSettings])
  }

  @Test func manageIsIgnoredUnlessLimited() {
    for status in [AuthorizationStatus.authorized, .denied, .restricted] {
      var state = Self.screen(status)
      let before = state
      do {
        let effects = PickerReducer.reduce(into: &state, action: .manageTapped)
        #expect(effects == [])
      }
      #expect(state == before)
    }
  }

  @Test func manageSheetButtonsLeadToThePickerSettingsOrNothing() {
    let assets = AssetFixtures.assets(2)
    for (button, expectedEffects) in [
      (OverlayButton.selectMorePhotos, [PickerEffect.presentLimitedPicker]),
      (.allowAllPhotos, [.openSettings]),
      (.cancel, []),
    ] {
      var state = Self.screen(.limited, assets: assets)
      let before = state
      _ = PickerReducer.reduce(into: &state, action: .manageTapped)
      #expect(state.overlay == .manageSheet)
      do {
        let effects = PickerReducer.reduce(into: &state, action: .overlayButtonTapped(button))
        #expect(effects == expectedEffects)
      }
      #expect(state == before)
    }
  }

  @Test func pickingKeepsOrderHonoursTheLimitAndAddDeliversInOrder() {
    var state = Self.screen(
      .authorized, assets: AssetFixtures.assets(5),
      configuration: PickerConfiguration(columns: 3, rows: 2, selectionLimit: 2))
    _ = PickerReducer.reduce(into: &state, action: .cursorMoved(.right))
    _ = PickerReducer.reduce(into: &state, action: .focusedItemToggled)
    _ = PickerReducer.reduce(into: &state, action: .itemToggled("IMG_0001.jpg"))
    _ = PickerReducer.reduce(into: &state, action: .itemToggled("IMG_0005.jpg"))
    let before = state
    #expect(state.picking == PickingSelection(limit: 2, ids: ["IMG_0002.jpg", "IMG_0001.jpg"]))

    let effects = PickerReducer.reduce(into: &state, action: .addTapped)
    var expected = before
    expected.result = .picked(["IMG_0002.jpg", "IMG_0001.jpg"])
    #expect(state == expected)
    #expect(effects == [.finishPicking(.picked(["IMG_0002.jpg", "IMG_0001.jpg"]))])

    // After the result went out, nothing more is picked or delivered.
    do {
      let effects = PickerReducer.reduce(into: &state, action: .itemToggled("IMG_0003.jpg"))
      #expect(effects == [])
    }
    do {
      let effects = PickerReducer.reduce(into: &state, action: .cancelTapped)
      #expect(effects == [])
    }
    #expect(state == expected)
  }

  @Test func addWithNothingPickedDoesNothingAndCancelDeliversCancelled() {
    var state = Self.screen(.authorized, assets: AssetFixtures.assets(3))
    let before = state
    do {
      let effects = PickerReducer.reduce(into: &state, action: .addTapped)
      #expect(effects == [])
    }
    #expect(state == before)
    do {
      let effects = PickerReducer.reduce(into: &state, action: .cancelTapped)
      #expect(effects == [.finishPicking(.cancelled)])
    }
    #expect(state.result == .cancelled)
  }

  @Test func idsOutsideTheGridCannotBePicked() {
    var state = Self.screen(.limited, assets: AssetFixtures.assets(2))
    let before = state
    _ = PickerReducer.reduce(into: &state, action: .itemToggled("IMG_0009.jpg"))
    #expect(state == before)
  }

  @Test func scrollingTellsTheHostWhatIsVisibleEachTimeItChanges() {
    var state = Self.screen(.authorized, assets: AssetFixtures.assets(14))
    let before = state
    let effects = PickerReducer.reduce(into: &state, action: .cursorMoved(.pageDown))
    #expect(effects == [.loadThumbnails(AssetFixtures.ids(7...12))])
    var expected = before
    expected.grid.move(.pageDown)
    expected.shownThumbnails = AssetFixtures.ids(7...12)
    #expect(state == expected)
    #expect(state.grid.focus == 6)
    #expect(state.grid.topRow == 2)
    // A move within the page shows nothing new.
    #expect(PickerReducer.reduce(into: &state, action: .cursorMoved(.right)) == [])
    // Back up: the first page again, which the host may have dropped from its cache.
    #expect(
      PickerReducer.reduce(into: &state, action: .cursorMoved(.pageUp)) == [
        .loadThumbnails(AssetFixtures.ids(1...6))
      ])
  }

  @Test func aLibraryChangeRereadsAndDropsPicksThatAreNoLongerVisible() {
    var state = Self.screen(.limited, assets: AssetFixtures.assets(4))
    for id in ["IMG_0004.jpg", "IMG_0002.jpg", "IMG_0003.jpg"] {
      _ = PickerReducer.reduce(into: &state, action: .itemToggled(id))
    }
    do {
      let effects = PickerReducer.reduce(into: &state, action: .photoLibraryDidChange)
      #expect(effects == [.readLibrary])
    }
    let smaller = [AssetFixtures.asset(1), AssetFixtures.asset(3), AssetFixtures.asset(4)]
    _ = PickerReducer.reduce(
      into: &state, action: .libraryRead(LibraryContents(status: .limited, assets: smaller)))
    #expect(state.picking?.ids == ["IMG_0004.jpg", "IMG_0003.jpg"])
    #expect(state.infoLines == ["Status: limited", "Photos: 3"])
  }

  @Test func theAutomaticAlertShowsOnlyWhenNothingElseIsUp() {
    let alert = LimitedAccessAlert(appName: "Picker", message: "M")
    var state = Self.screen(.limited, assets: AssetFixtures.assets(1))
    _ = PickerReducer.reduce(
      into: &state,
      action: .libraryRead(LibraryContents(status: .limited, assets: [], automaticAlert: alert)))
    #expect(state.overlay == .limitedAccessAlert(alert))
    do {
      let effects = PickerReducer.reduce(
        into: &state, action: .overlayButtonTapped(.alert(.selectMorePhotos)))
      #expect(effects == [.presentLimitedPicker])
    }
    #expect(state.overlay == nil)
  }

  @Test func limitedPickerTogglesLocallyAndDoneSendsTheCheckedIdsInLibraryOrder() {
    var state = Self.screen(.limited, assets: [AssetFixtures.asset(2)])
    let contents = LimitedPickerContents(all: AssetFixtures.ids(1...5), selected: ["IMG_0002.jpg"])
    _ = PickerReducer.reduce(into: &state, action: .limitedPickerPresented(contents))
    _ = PickerReducer.reduce(into: &state, action: .cursorMoved(.end))
    _ = PickerReducer.reduce(into: &state, action: .focusedItemToggled)
    _ = PickerReducer.reduce(into: &state, action: .itemToggled("IMG_0001.jpg"))
    _ = PickerReducer.reduce(into: &state, action: .itemToggled("IMG_0002.jpg"))
    // The grid behind did not move and nothing was picked for the host app.
    #expect(state.grid.focus == 0)
    #expect(state.picking?.ids == [])
    let effects = PickerReducer.reduce(into: &state, action: .overlayButtonTapped(.done))
    #expect(effects == [.finishLimitedPicker(selection: ["IMG_0001.jpg", "IMG_0005.jpg"])])
    #expect(state.overlay == nil)
  }

  @Test func limitedPickerCancelKeepsTheOldSelection() {
    var state = Self.screen(.limited, assets: [AssetFixtures.asset(2)])
    _ = PickerReducer.reduce(
      into: &state,
      action: .limitedPickerPresented(
        LimitedPickerContents(all: AssetFixtures.ids(1...3), selected: [])))
    _ = PickerReducer.reduce(into: &state, action: .itemToggled("IMG_0001.jpg"))
    do {
      let effects = PickerReducer.reduce(into: &state, action: .overlayButtonTapped(.cancel))
      #expect(effects == [.finishLimitedPicker(selection: nil)])
    }
  }

  @Test func aPromptAnswerGoesToThePermissionModelAndTheHandlerResolvesIt() {
    var state = PickerState()
    _ = PickerReducer.reduce(into: &state, action: .launched(Self.launchInfo))
    let prompt = AuthorizationPrompt(
      request: .readWrite, level: .readWrite, ios: .iOS17, appName: "Picker", message: "M")
    _ = PickerReducer.reduce(into: &state, action: .promptShown(prompt))
    #expect(state.overlay == .systemPrompt(prompt))
    #expect(state.infoLines == [])
    _ = PickerReducer.reduce(into: &state, action: .overlayFocusMoved(by: -1))
    #expect(state.overlayFocus == 2)
    do {
      let effects = PickerReducer.reduce(into: &state, action: .overlayFocusedButtonActivated)
      #expect(effects == [.answerPrompt(prompt, .deny)])
    }
    #expect(state.pendingRequest == .readWrite)
    _ = PickerReducer.reduce(into: &state, action: .authorizationResolved(.denied))
    #expect(state.pendingRequest == nil)
    #expect(state.screenButtons == ["See All Photos"])
  }

  @Test func limitedPickerOpenedByThePromptResolvesTheWaitingRequestWhenItCloses() {
    var state = PickerState()
    _ = PickerReducer.reduce(into: &state, action: .launched(Self.launchInfo))
    _ = PickerReducer.reduce(
      into: &state,
      action: .limitedPickerPresented(LimitedPickerContents(all: ["a"], selected: [])))
    _ = PickerReducer.reduce(into: &state, action: .overlayButtonTapped(.done))
    let effects = PickerReducer.reduce(
      into: &state, action: .limitedPickerClosed(handlerStatus: .limited))
    #expect(effects == [.readLibrary])
    #expect(state.status == .limited)
    #expect(state.pendingRequest == nil)
  }

  @Test func settingsIgnoresTheCurrentValueAndGreyedOptionsAndAppliesAnotherOne() {
    var state = Self.screen(.denied)
    let row = SettingsRow(
      options: [.selectedPhotos, .allPhotos, .none], value: SettingsOption.none, isEditable: true,
      showsEditSelectedPhotos: false)
    _ = PickerReducer.reduce(into: &state, action: .settingsOpened(row))
    let before = state
    do {
      let effects = PickerReducer.reduce(
        into: &state, action: .overlayButtonTapped(.settingsOption(.none)))
      #expect(effects == [])
    }
    do {
      let effects = PickerReducer.reduce(
        into: &state, action: .overlayButtonTapped(.prompt(.allow)))
      #expect(effects == [])
    }
    #expect(state == before)
    do {
      let effects = PickerReducer.reduce(
        into: &state, action: .overlayButtonTapped(.settingsOption(.allPhotos)))
      #expect(effects == [.applySettingsChoice(.allPhotos)])
    }

    var restricted = Self.screen(.restricted)
    _ = PickerReducer.reduce(
      into: &restricted,
      action: .settingsOpened(
        SettingsRow(
          options: [.selectedPhotos, .allPhotos, .none], value: SettingsOption.none,
          isEditable: false, showsEditSelectedPhotos: false))
    )
    let greyed = restricted
    do {
      let effects = PickerReducer.reduce(
        into: &restricted, action: .overlayButtonTapped(.settingsOption(.none)))
      #expect(effects == [])
    }
    #expect(restricted == greyed)
  }

  @Test func terminationHidesTheScreenUntilRelaunch() {
    var state = Self.screen(.limited, assets: AssetFixtures.assets(3))
    let termination = AppTermination.settingsChanged(from: .selectedPhotos, to: .allPhotos)
    _ = PickerReducer.reduce(into: &state, action: .appTerminated(termination))
    #expect(state.isTerminated)
    #expect(state.infoLines == [])
    #expect(state.screenButtons == [])
    do {
      let effects = PickerReducer.reduce(into: &state, action: .photoLibraryDidChange)
      #expect(effects == [])
    }
    do {
      let effects = PickerReducer.reduce(into: &state, action: .overlayButtonTapped(.relaunch))
      #expect(effects == [.relaunch])
    }
    _ = PickerReducer.reduce(into: &state, action: .launched(Self.launchInfo))
    #expect(!state.isTerminated)
    #expect(state.launchCount == 2)
    #expect(state.overlay == nil)
  }

  @Test func resizingReshapesBothGridsAndTellsWhatIsNowVisible() {
    var state = Self.screen(.authorized, assets: AssetFixtures.assets(10))
    let effects = PickerReducer.reduce(into: &state, action: .viewportResized(columns: 4, rows: 2))
    #expect(effects == [.loadThumbnails(AssetFixtures.ids(1...8))])
    #expect(state.configuration == PickerConfiguration(columns: 4, rows: 2))
    #expect(state.grid.visibleRange == 0..<8)
  }

  @Test func browseModeHasNoPickingBarAndTogglesNothing() {
    var state = Self.screen(
      .authorized, assets: AssetFixtures.assets(3),
      configuration: PickerConfiguration(columns: 3, rows: 2, isPicking: false))
    let before = state
    for action in [PickerAction.focusedItemToggled, .addTapped, .cancelTapped] {
      let effects = PickerReducer.reduce(into: &state, action: action)
      #expect(effects == [])
    }
    #expect(state == before)
    let screen = PickerScreen(state)
    #expect(screen.picking == nil)
    #expect(!screen.text.contains("Bar:"))
  }
}
