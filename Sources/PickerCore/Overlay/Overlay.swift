/// What is drawn over the picker screen: a system prompt, an alert, an action sheet, a sheet,
/// the Settings app, or the "app terminated" notice. At most one at a time.
public enum Overlay: Sendable, Equatable, Codable {
  /// The authorization prompt (`requestAuthorization`), per iOS version.
  case systemPrompt(SystemPrompt)
  /// The app's "Allow access to your photos" alert (See All Photos).
  case seeAllPhotosAlert
  /// The app's action sheet behind Manage.
  case manageSheet
  /// The limited-library picker.
  case limitedPicker(LimitedPickerSheet)
  /// The automatic limited-access alert.
  case limitedAccessAlert(LimitedAccessAlert)
  /// Settings › App › Photos.
  case settings(SettingsScreen)
  /// The app was terminated; the only way on is a fresh launch.
  case terminated(TerminationNotice)

  /// A short name of the kind of overlay, used in the text and JSON renderings.
  public var kind: String {
    switch self {
    case .systemPrompt: "systemPrompt"
    case .seeAllPhotosAlert: "seeAllPhotosAlert"
    case .manageSheet: "manageSheet"
    case .limitedPicker: "limitedPicker"
    case .limitedAccessAlert: "limitedAccessAlert"
    case .settings: "settings"
    case .terminated: "terminated"
    }
  }

  /// The title, if the overlay has one.
  public var title: String? {
    switch self {
    case .systemPrompt(let prompt): prompt.title
    case .seeAllPhotosAlert: PickerTexts.seeAllTitle
    case .manageSheet: nil
    case .limitedPicker(let sheet): "\(sheet.checked.count) of \(sheet.all.count) Selected"
    case .limitedAccessAlert(let alert): alert.title
    case .settings: "Settings › Photos"
    case .terminated: "App terminated"
    }
  }

  /// The message, if the overlay has one.
  public var message: String? {
    switch self {
    case .systemPrompt(let prompt): prompt.message
    case .seeAllPhotosAlert: PickerTexts.seeAllMessage
    case .manageSheet: PickerTexts.manageMessage
    case .limitedPicker: nil
    case .limitedAccessAlert(let alert): alert.message
    case .settings(let screen):
      if screen.options.isEmpty {
        "No Photos row: the app has not asked for access yet."
      } else if !screen.isEditable {
        "Restricted: the setting cannot be changed."
      } else {
        nil
      }
    case .terminated(let notice): notice.reason
    }
  }

  /// The buttons, in the order they are drawn and focused.
  public var buttons: [String] {
    switch self {
    case .systemPrompt(let prompt): prompt.buttons
    case .seeAllPhotosAlert: [PickerTexts.notNow, PickerTexts.openSettings]
    case .manageSheet:
      [PickerTexts.selectMorePhotos, PickerTexts.allowAllPhotos, PickerTexts.cancel]
    case .limitedPicker: [LimitedPickerSheet.cancelLabel, LimitedPickerSheet.doneLabel]
    case .limitedAccessAlert(let alert): alert.buttons
    case .settings(let screen):
      screen.options + (screen.canEditSelection ? [SettingsScreen.editSelectionLabel] : [])
        + [SettingsScreen.backLabel]
    case .terminated: [TerminationNotice.relaunchLabel]
    }
  }

  /// The button drawn with a check mark (the Settings value), if any.
  public var checkedButton: String? {
    if case .settings(let screen) = self { return screen.value }
    return nil
  }

  /// The buttons drawn greyed out, which do nothing when tapped.
  public var disabledButtons: [String] {
    if case .settings(let screen) = self, !screen.isEditable { return screen.options }
    return []
  }
}
