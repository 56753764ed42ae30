import PhotoLibrary

extension PickerReducer {
  /// An overlay button by label: closes the overlay and asks for what the button does.
  /// Unknown and greyed-out labels change nothing.
  static func buttonTapped(_ label: String, in state: inout PickerState) -> [PickerEffect] {
    guard let overlay = state.overlay, overlay.buttons.contains(label),
      !overlay.disabledButtons.contains(label)
    else { return [] }
    switch overlay {
    case .systemPrompt(let prompt):
      guard let button = prompt.buttons.first(where: { $0.label == label }) else { return [] }
      state.overlay = nil
      return [.answerPrompt(prompt, button.answer)]

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
      let selection = label == PickerTexts.done ? sheet.checkedInOrder : nil
      return [.finishLimitedPicker(selection: selection)]

    case .limitedAccessAlert:
      state.overlay = nil
      return label == LimitedAccessAlert.selectMore ? [.presentLimitedPicker] : []

    case .settings(let row, let ios):
      switch label {
      case PickerTexts.back:
        state.overlay = nil
        return []
      case PickerTexts.editSelectedPhotos:
        state.overlay = nil
        return [.presentLimitedPicker]
      default:
        guard let option = row?.options.first(where: { $0.label(ios: ios) == label }),
          option != row?.value
        else { return [] }
        return [.applySettingsChoice(option)]
      }

    case .terminated:
      return [.relaunch]
    }
  }
}
