import PhotoLibrary
import PickerCore
import Testing

/// Every overlay button, identified by its value, does what it is for: the effect it asks
/// for, the overlay left on screen, and the words it shows on that overlay's iOS version
/// (table-driven over every overlay of the picker).
@Suite struct OverlayButtonTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var overlay: Overlay
    var button: OverlayButton
    /// The button's words on this overlay (nil: the overlay has no such button).
    var label: String?
    var effects: [PickerEffect]
    /// The overlay after the tap (nil: closed; the same: stays up).
    var after: Overlay?
    var testDescription: String { "\(overlay.kind) › \(label ?? "\(button) (absent)")" }
  }

  static let prompt = AuthorizationPrompt(
    request: .readWrite, level: .readWrite, ios: .iOS14, appName: "Picker", message: "M")
  static let alert = LimitedAccessAlert(appName: "Picker", message: "M")
  static let sheet = LimitedPickerSheet(all: ["a", "b", "c"], checked: ["c", "a"])
  static let limitedRow = SettingsRow(
    options: [.addPhotosOnly, .selectedPhotos, .allPhotos, .none], value: .selectedPhotos,
    isEditable: true, showsEditSelectedPhotos: true)
  static let termination = AppTermination.settingsChanged(from: SettingsOption.none, to: .allPhotos)

  static let cases: [Case] = [
    Case(
      overlay: .systemPrompt(prompt), button: .prompt(.limit), label: "Select Photos…",
      effects: [.answerPrompt(prompt, .limited)], after: nil),
    Case(
      overlay: .systemPrompt(prompt), button: .prompt(.allow), label: "Allow Access to All Photos",
      effects: [.answerPrompt(prompt, .allow)], after: nil),
    Case(
      overlay: .systemPrompt(prompt), button: .prompt(.deny), label: "Don’t Allow",
      effects: [.answerPrompt(prompt, .deny)], after: nil),
    Case(overlay: .seeAllPhotosAlert, button: .notNow, label: "Not Now", effects: [], after: nil),
    Case(
      overlay: .seeAllPhotosAlert, button: .openSettings, label: "Open Settings",
      effects: [.openSettings], after: nil),
    Case(
      overlay: .manageSheet, button: .selectMorePhotos, label: "Select more photos",
      effects: [.presentLimitedPicker],
      after: nil),
    Case(
      overlay: .manageSheet, button: .allowAllPhotos, label: "Allow access to all photos",
      effects: [.openSettings],
      after: nil),
    Case(overlay: .manageSheet, button: .cancel, label: "Cancel", effects: [], after: nil),
    Case(
      overlay: .limitedPicker(sheet), button: .done, label: "Done",
      effects: [.finishLimitedPicker(selection: ["a", "c"])], after: nil),
    Case(
      overlay: .limitedPicker(sheet), button: .cancel, label: "Cancel",
      effects: [.finishLimitedPicker(selection: nil)], after: nil),
    Case(
      overlay: .limitedAccessAlert(alert), button: .alert(.selectMorePhotos),
      label: "Select More Photos…",
      effects: [.presentLimitedPicker], after: nil),
    Case(
      overlay: .limitedAccessAlert(alert), button: .alert(.keepCurrentSelection),
      label: "Keep Current Selection", effects: [],
      after: nil),
    Case(
      overlay: .settings(limitedRow, .iOS14), button: .settingsOption(.addPhotosOnly),
      label: "Add Photos Only",
      effects: [.applySettingsChoice(.addPhotosOnly)], after: .settings(limitedRow, .iOS14)),
    Case(
      overlay: .settings(limitedRow, .iOS17), button: .settingsOption(.allPhotos),
      label: "Full Access",
      effects: [.applySettingsChoice(.allPhotos)], after: .settings(limitedRow, .iOS17)),
    Case(
      overlay: .settings(limitedRow, .iOS17), button: .settingsOption(.selectedPhotos),
      label: "Limited Access", effects: [],
      after: .settings(limitedRow, .iOS17)),
    Case(
      overlay: .settings(limitedRow, .iOS17), button: .editSelectedPhotos,
      label: "Edit Selected Photos",
      effects: [.presentLimitedPicker], after: nil),
    Case(
      overlay: .settings(limitedRow, .iOS17), button: .back, label: "Back", effects: [], after: nil),
    Case(overlay: .settings(nil, .iOS17), button: .back, label: "Back", effects: [], after: nil),
    Case(
      overlay: .terminated(termination, .iOS17), button: .relaunch, label: "Relaunch",
      effects: [.relaunch],
      after: .terminated(termination, .iOS17)),
    // Buttons that are not on the overlay do nothing.
    Case(
      overlay: .systemPrompt(prompt), button: .prompt(.keepAddOnly), label: nil, effects: [],
      after: .systemPrompt(prompt)),
    Case(
      overlay: .manageSheet, button: .done, label: nil, effects: [], after: .manageSheet),
    Case(
      overlay: .settings(nil, .iOS17), button: .settingsOption(.allPhotos), label: nil,
      effects: [], after: .settings(nil, .iOS17)),
  ]

  @Test(arguments: cases)
  func buttonDoesWhatItIsFor(_ test: Case) {
    var state = PickerState()
    state.overlay = test.overlay
    let effects = PickerReducer.reduce(into: &state, action: .overlayButtonTapped(test.button))
    #expect(effects == test.effects)
    #expect(state.overlay == test.after)
  }

  @Test(arguments: cases)
  func buttonWordsAreLookedUpFromItsValue(_ test: Case) {
    #expect(test.overlay.actions.contains(test.button) == (test.label != nil))
    guard let label = test.label else { return }
    #expect(test.overlay.label(of: test.button) == label)
    let index = test.overlay.actions.firstIndex(of: test.button)
    #expect(index.map { test.overlay.buttons[$0] } == label)
  }

  @Test(arguments: cases.filter { $0.label != nil })
  func activatingTheFocusedButtonIsTheSameAsTappingIt(_ test: Case) {
    var tapped = PickerState()
    tapped.overlay = test.overlay
    let expected = PickerReducer.reduce(into: &tapped, action: .overlayButtonTapped(test.button))

    var keyed = PickerState()
    keyed.overlay = test.overlay
    let index = test.overlay.actions.firstIndex(of: test.button)!
    _ = PickerReducer.reduce(into: &keyed, action: .overlayFocusMoved(by: index))
    let effects = PickerReducer.reduce(into: &keyed, action: .overlayFocusedButtonActivated)
    #expect(effects == expected)
    #expect(keyed.overlay == tapped.overlay)
  }

  @Test func restrictedSettingsOptionsAreGreyedOutAndDoNothing() {
    let row = SettingsRow(
      options: [.selectedPhotos, .allPhotos, .none], value: SettingsOption.none,
      isEditable: false, showsEditSelectedPhotos: false)
    var state = PickerState()
    state.overlay = .settings(row, .iOS17)
    #expect(state.overlay?.disabledButtons == ["Limited Access", "Full Access", "None"])
    for option in [SettingsOption.selectedPhotos, .allPhotos] {
      let effects = PickerReducer.reduce(
        into: &state, action: .overlayButtonTapped(.settingsOption(option)))
      #expect(effects == [])
      #expect(state.overlay == .settings(row, .iOS17))
    }
  }

  @Test func aTerminationFromOutsideSaysWhatChanged() {
    let overlay = Overlay.terminated(.privacyChanged, .iOS17)
    #expect(overlay.title == PickerTexts.terminatedTitle)
    #expect(overlay.detail?.contains("changed outside the app") == true)
    #expect(overlay.actions == [.relaunch])
  }
}
