import PhotoLibrary
import Testing

/// The Settings app's options, labels and what each choice stores.
@Suite struct SettingsAppTests {
  @Test(arguments: [
    ([AccessLevel](), IOSVersion.iOS14, [String]()),
    ([.addOnly], .iOS14, ["Add Photos Only", "None"]),
    ([.readWrite], .iOS14, ["Selected Photos", "All Photos", "None"]),
    (
      [.addOnly, .readWrite], .iOS16, ["Add Photos Only", "Selected Photos", "All Photos", "None"]
    ),
    ([.readWrite], .iOS17, ["None", "Limited Access", "Full Access"]),
    ([.addOnly], .iOS17, ["None", "Add Photos Only"]),
    (
      [.addOnly, .readWrite], .iOS26, ["None", "Add Photos Only", "Limited Access", "Full Access"]
    ),
    ([.readWrite], .iOS13, ["Never", "Read and Write"]),
    ([.addOnly, .readWrite], .iOS13, ["Never", "Read and Write"]),
    ([.addOnly], .iOS13, [String]()),
  ])
  func optionsDependOnLevelsEverRequested(
    levels: [AccessLevel], ios: IOSVersion, labels: [String]
  ) {
    let state = AuthorizationState(requestedLevels: Set(levels))
    #expect(state.settingsOptions(ios: ios).map { $0.label(ios: ios) } == labels)
    #expect((state.settingsRow(ios: ios) == nil) == labels.isEmpty)
  }

  /// (requested, before P/A, option, after P/A)
  @Test(arguments: [
    (
      [AccessLevel.addOnly, .readWrite], ReadWriteDecision.authorized,
      AddOnlyDecision.authorized, SettingsOption.none, ReadWriteDecision.denied,
      AddOnlyDecision.denied
    ),
    ([.readWrite], .authorized, .unset, .none, .denied, .unset),
    ([.addOnly], .unset, .authorized, .none, .unset, .denied),
    ([.addOnly, .readWrite], .authorized, .unset, .addPhotosOnly, .denied, .authorized),
    ([.addOnly], .unset, .denied, .addPhotosOnly, .unset, .authorized),
    ([.readWrite], .denied, .unset, .selectedPhotos, .limited, .unset),
    ([.readWrite], .limited, .unset, .allPhotos, .authorized, .unset),
  ])
  func choiceStoresTheMappedState(
    levels: [AccessLevel], p: ReadWriteDecision, a: AddOnlyDecision, option: SettingsOption,
    newP: ReadWriteDecision, newA: AddOnlyDecision
  ) throws {
    var state = AuthorizationState(readWrite: p, addOnly: a, requestedLevels: Set(levels))
    let termination = try state.chooseInSettings(option, ios: .iOS14)
    #expect(termination != nil)
    #expect(state.readWrite == newP)
    #expect(state.addOnly == newA)
    #expect(state.settingsValue(ios: .iOS14) == option)
  }

  @Test func choosingTheCurrentValueChangesNothingAndKeepsTheAppRunning() throws {
    var state = AuthorizationState(readWrite: .authorized, requestedLevels: [.readWrite])
    #expect(try state.chooseInSettings(.allPhotos, ios: .iOS14) == nil)
  }

  @Test func restrictedRowIsShownButCannotChange() {
    var state = AuthorizationState(
      readWrite: .authorized, isRestricted: true, requestedLevels: [.readWrite])
    #expect(state.settingsRow(ios: .iOS14)?.isEditable == false)
    #expect(throws: SettingsError.restricted) {
      try state.chooseInSettings(.none, ios: .iOS14)
    }
  }

  @Test func optionsOutsideTheRowAreRefused() {
    var state = AuthorizationState(addOnly: .authorized, requestedLevels: [.addOnly])
    #expect(throws: SettingsError.self) {
      try state.chooseInSettings(.allPhotos, ios: .iOS14)
    }
    var fresh = AuthorizationState.firstLaunch
    #expect(throws: SettingsError.noPhotosRow) {
      try fresh.chooseInSettings(.none, ios: .iOS14)
    }
  }

  @Test(arguments: [
    ("Selected Photos", SettingsOption.selectedPhotos), ("limited access", .selectedPhotos),
    ("FULL ACCESS", .allPhotos), ("none", .none), ("add photos only", .addPhotosOnly),
    ("allPhotos", .allPhotos), ("never", .none),
  ])
  func labelsMatchOnAnyVersion(text: String, option: SettingsOption) {
    #expect(SettingsOption.matching(text, ios: .iOS17) == option)
  }

  @Test func editSelectedPhotosShowsUnderSelectedPhotos() {
    let state = AuthorizationState(readWrite: .limited, requestedLevels: [.readWrite])
    #expect(state.settingsRow(ios: .iOS14)?.showsEditSelectedPhotos == true)
  }
}
