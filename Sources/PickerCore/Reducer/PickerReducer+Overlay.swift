extension PickerReducer {
  /// An overlay button by label: closes the overlay and asks for what the button does.
  /// Unknown and greyed-out labels change nothing.
  static func buttonTapped(_ label: String, in state: inout PickerState) -> [PickerEffect] {
    guard let overlay = state.overlay, overlay.buttons.contains(label),
      !overlay.disabledButtons.contains(label)
    else { return [] }
    switch overlay {
    case .systemPrompt(let prompt):
      state.overlay = nil
      return [.answerPrompt(prompt, button: label)]

    case .seeAllPhotosAlert:
      state.overlay = nil
      return label == PickerTexts.openSettings ? [.openSettings] : []

    case .manageSheet:
      state.overlay = nil
      switch label {
      case PickerTexts.selectMorePhotos: return [.presentLimitedPicker]
      case PickerTexts.allowAllPhotos: return [.openSettings]
      default: return []
      }

    case .limitedPicker(let sheet):
      state.overlay = nil
      let selection = label == LimitedPickerSheet.doneLabel ? sheet.checkedInOrder : nil
      return [.finishLimitedPicker(selection: selection)]

    case .limitedAccessAlert:
      state.overlay = nil
      return label == LimitedAccessAlert.selectMoreLabel ? [.presentLimitedPicker] : []

    case .settings(let screen):
      switch label {
      case SettingsScreen.backLabel:
        state.overlay = nil
        return []
      case SettingsScreen.editSelectionLabel:
        state.overlay = nil
        return [.presentLimitedPicker]
      case screen.value:
        return []
      default:
        return [.applySettingsChoice(label)]
      }

    case .terminated:
      return [.relaunch]
    }
  }
}
