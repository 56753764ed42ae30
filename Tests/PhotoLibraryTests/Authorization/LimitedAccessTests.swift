import PhotoLibrary
import Testing

/// docs/permission-model.md#limited-access: the limited picker, the selection and the automatic
/// alert.
@Suite struct LimitedAccessTests {
  static let limited = AuthorizationState(
    readWrite: .limited, limitedSelection: ["a", "b"], requestedLevels: [.readWrite])

  @Test(arguments: [
    AuthorizationState.firstLaunch, AuthorizationState(readWrite: .authorized),
    AuthorizationState(readWrite: .denied), AuthorizationState(addOnly: .authorized),
    AuthorizationState(readWrite: .limited, isRestricted: true),
  ])
  func pickerOpensOnlyWhenLimited(state: AuthorizationState) {
    #expect(state.presentLimitedLibraryPicker() == nil)
  }

  @Test func pickerStartsWithTheSelectionChecked() throws {
    let picker = try #require(Self.limited.presentLimitedLibraryPicker())
    #expect(picker.selection == ["a", "b"])
  }

  @Test func doneReplacesAndReportsOnlyNewlyAddedIDs() throws {
    var state = Self.limited
    var picker = try #require(state.presentLimitedLibraryPicker())
    picker.toggle("a")
    picker.select(["d", "c"])
    #expect(state.applyLimitedPicker(picker.done) == ["c", "d"])
    #expect(state.limitedSelection == ["b", "c", "d"])
  }

  @Test func cancelKeepsTheSelection() throws {
    var state = Self.limited
    var picker = try #require(state.presentLimitedLibraryPicker())
    picker.deselect(["a", "b"])
    #expect(state.applyLimitedPicker(picker.cancel) == [])
    #expect(state.limitedSelection == ["a", "b"])
  }

  @Test func emptySelectionIsAllowed() throws {
    var state = Self.limited
    var picker = try #require(state.presentLimitedLibraryPicker())
    picker.deselect(["a", "b"])
    state.applyLimitedPicker(picker.done)
    #expect(state.limitedSelection.isEmpty)
    #expect(state.status(for: .readWrite) == .limited)
    #expect(state.libraryAccess(ios: .iOS14) == .limited([]))
  }

  @Test func createdAssetsJoinTheSelectionOnlyUnderLimited() {
    var state = Self.limited
    state.noteCreatedAsset("new.jpg")
    #expect(state.limitedSelection.contains("new.jpg"))
    #expect(state.libraryAccess(ios: .iOS14).canRead("new.jpg"))
    var full = AuthorizationState(readWrite: .authorized)
    full.noteCreatedAsset("x.jpg")
    #expect(full.limitedSelection.isEmpty)
  }

  @Test func aCreatedAssetUncheckedInTheLimitedPickerIsNoLongerReadable() throws {
    var state = Self.limited
    state.noteCreatedAsset("new.jpg")
    var picker = try #require(state.presentLimitedLibraryPicker())
    picker.deselect(["new.jpg"])
    state.applyLimitedPicker(picker.done)
    #expect(!state.limitedSelection.contains("new.jpg"))
    #expect(!state.libraryAccess(ios: .iOS14).canRead("new.jpg"))
  }

  @Test func automaticAlertIsDueOncePerLaunchWhenLimited() {
    var launch = LaunchState.fresh
    #expect(Self.limited.automaticAlertIsDue(launch: launch, infoPlist: .builtIn))
    launch.automaticAlertHandled = true
    #expect(!Self.limited.automaticAlertIsDue(launch: launch, infoPlist: .builtIn))
    #expect(Self.limited.automaticAlertIsDue(launch: .fresh, infoPlist: .builtIn))
  }

  @Test func preventKeySuppressesTheAutomaticAlert() {
    var plist = InfoPlist.builtIn
    plist.preventAutomaticLimitedAccessAlert = true
    #expect(!Self.limited.automaticAlertIsDue(launch: .fresh, infoPlist: plist))
  }

  @Test(arguments: [
    AuthorizationState(readWrite: .authorized), AuthorizationState(readWrite: .denied),
    AuthorizationState.firstLaunch, AuthorizationState(readWrite: .limited, isRestricted: true),
  ])
  func automaticAlertNeverShowsUnlessLimited(state: AuthorizationState) {
    #expect(!state.automaticAlertIsDue(launch: .fresh, infoPlist: .builtIn))
  }

  @Test func alertChoicesMatchLabelsAndWords() {
    let alert = LimitedAccessAlert(appName: "Snap", message: "Body")
    #expect(alert.buttons == ["Select More Photos…", "Keep Current Selection"])
    #expect(LimitedAccessAlert.choice(matching: "select more photos...") == .selectMorePhotos)
    #expect(LimitedAccessAlert.choice(matching: "keep") == .keepCurrentSelection)
    #expect(LimitedAccessAlert.choice(matching: "ok") == nil)
  }
}
