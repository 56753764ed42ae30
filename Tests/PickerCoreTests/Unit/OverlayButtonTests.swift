import PhotoLibrary
import PickerCore
import Testing

/// Every overlay button does what its label says: the effect it asks for and the overlay
/// left on screen (table-driven over every overlay of the picker).
@Suite struct OverlayButtonTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var overlay: Overlay
    var label: String
    var effects: [PickerEffect]
    /// The overlay after the tap (nil: closed; the same: stays up).
    var after: Overlay?
    var testDescription: String { "\(overlay.kind) › \(label)" }
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
      overlay: .systemPrompt(prompt), label: "Select Photos…",
      effects: [.answerPrompt(prompt, .limited)], after: nil),
    Case(
      overlay: .systemPrompt(prompt), label: "Allow Access to All Photos",
      effects: [.answerPrompt(prompt, .allow)], after: nil),
    Case(
      overlay: .systemPrompt(prompt), label: "Don’t Allow",
      effects: [.answerPrompt(prompt, .deny)], after: nil),
    Case(overlay: .seeAllPhotosAlert, label: "Not Now", effects: [], after: nil),
    Case(overlay: .seeAllPhotosAlert, label: "Open Settings", effects: [.openSettings], after: nil),
    Case(
      overlay: .manageSheet, label: "Select more photos", effects: [.presentLimitedPicker],
      after: nil),
    Case(
      overlay: .manageSheet, label: "Allow access to all photos", effects: [.openSettings],
      after: nil),
    Case(overlay: .manageSheet, label: "Cancel", effects: [], after: nil),
    Case(
      overlay: .limitedPicker(sheet), label: "Done",
      effects: [.finishLimitedPicker(selection: ["a", "c"])], after: nil),
    Case(
      overlay: .limitedPicker(sheet), label: "Cancel",
      effects: [.finishLimitedPicker(selection: nil)], after: nil),
    Case(
      overlay: .limitedAccessAlert(alert), label: "Select More Photos…",
      effects: [.presentLimitedPicker], after: nil),
    Case(
      overlay: .limitedAccessAlert(alert), label: "Keep Current Selection", effects: [],
      after: nil),
    Case(
      overlay: .settings(limitedRow, .iOS14), label: "Add Photos Only",
      effects: [.applySettingsChoice(.addPhotosOnly)], after: .settings(limitedRow, .iOS14)),
    Case(
      overlay: .settings(limitedRow, .iOS17), label: "Full Access",
      effects: [.applySettingsChoice(.allPhotos)], after: .settings(limitedRow, .iOS17)),
    Case(
      overlay: .settings(limitedRow, .iOS17), label: "Limited Access", effects: [],
      after: .settings(limitedRow, .iOS17)),
    Case(
      overlay: .settings(limitedRow, .iOS17), label: "Edit Selected Photos",
      effects: [.presentLimitedPicker], after: nil),
    Case(overlay: .settings(limitedRow, .iOS17), label: "Back", effects: [], after: nil),
    Case(overlay: .settings(nil, .iOS17), label: "Back", effects: [], after: nil),
    Case(
      overlay: .terminated(termination, .iOS17), label: "Relaunch", effects: [.relaunch],
      after: .terminated(termination, .iOS17)),
    // Labels that are not on the overlay (or not on this iOS version) do nothing.
    Case(
      overlay: .settings(limitedRow, .iOS17), label: "All Photos", effects: [],
      after: .settings(limitedRow, .iOS17)),
    Case(
      overlay: .systemPrompt(prompt), label: "Limit Access…", effects: [],
      after: .systemPrompt(prompt)),
  ]

  @Test(arguments: cases)
  func buttonDoesWhatItsLabelSays(_ test: Case) {
    var state = PickerState()
    state.overlay = test.overlay
    let effects = PickerReducer.reduce(into: &state, action: .overlayButtonTapped(test.label))
    #expect(effects == test.effects)
    #expect(state.overlay == test.after)
  }

  @Test(arguments: cases.filter { $0.overlay.buttons.contains($0.label) })
  func activatingTheFocusedButtonIsTheSameAsTappingIt(_ test: Case) {
    var tapped = PickerState()
    tapped.overlay = test.overlay
    let expected = PickerReducer.reduce(into: &tapped, action: .overlayButtonTapped(test.label))

    var keyed = PickerState()
    keyed.overlay = test.overlay
    let index = test.overlay.buttons.firstIndex(of: test.label)!
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
    for label in ["Limited Access", "Full Access"] {
      let effects = PickerReducer.reduce(into: &state, action: .overlayButtonTapped(label))
      #expect(effects == [])
      #expect(state.overlay == .settings(row, .iOS17))
    }
  }
}
