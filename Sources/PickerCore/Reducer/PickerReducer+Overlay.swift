import PhotoLibrary

extension PickerReducer {
  /// An overlay button by value: closes the overlay and asks for what the button does.
  /// Buttons the overlay does not have, and greyed-out ones, change nothing.
  static func buttonTapped(_ button: OverlayButton, in state: inout PickerState)
    -> [PickerEffect]
  {
    guard let overlay = state.overlay, overlay.actions.contains(button),
      !overlay.disabledActions.contains(button)
    else { return [] }
    switch (overlay, button) {
    case (.systemPrompt(let prompt), .prompt(let role)):
      guard let button = prompt.button(role) else { return [] }
      state.overlay = nil
      return [.answerPrompt(prompt, button.answer)]

    case (.seeAllPhotosAlert, _):
      state.overlay = nil
      return button == .openSettings ? [.openSettings] : []

    case (.manageSheet, .selectMorePhotos):
      state.overlay = nil
      return [.presentLimitedPicker]
    case (.manageSheet, .allowAllPhotos):
      state.overlay = nil
      return [.openSettings]

    case (.limitedPicker(let sheet), _):
      state.overlay = nil
      let selection = button == .done ? sheet.checkedInOrder : nil
      return [.finishLimitedPicker(selection: selection)]

    case (.limitedAccessAlert, .alert(let choice)):
      state.overlay = nil
      return choice == .selectMorePhotos ? [.presentLimitedPicker] : []

    case (.settings, .back):
      state.overlay = nil
      return []
    case (.settings, .editSelectedPhotos):
      state.overlay = nil
      return [.presentLimitedPicker]
    case (.settings(let row, _), .settingsOption(let option)):
      guard option != row?.value else { return [] }
      return [.applySettingsChoice(option)]

    case (.terminated, .relaunch):
      return [.relaunch]

    default:
      // The overlay's remaining buttons (the Manage sheet's Cancel) only close it.
      state.overlay = nil
      return []
    }
  }
}
