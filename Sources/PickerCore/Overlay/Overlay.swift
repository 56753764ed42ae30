import PhotoLibrary

/// What is drawn over the picker screen: a system prompt, an alert, an action sheet, a sheet,
/// the Settings app, or the "app terminated" notice. At most one at a time.
///
/// The system's own overlays carry the permission model's values (`AuthorizationPrompt`,
/// `LimitedAccessAlert`, `SettingsRow`, `AppTermination`), so their words are the model's.
public enum Overlay: Sendable, Equatable {
  /// The authorization prompt (`requestAuthorization`), per iOS version.
  case systemPrompt(AuthorizationPrompt)
  /// The app's "Allow access to your photos" alert (See All Photos).
  case seeAllPhotosAlert
  /// The app's action sheet behind Manage.
  case manageSheet
  /// The limited-library picker.
  case limitedPicker(LimitedPickerSheet)
  /// The automatic limited-access alert.
  case limitedAccessAlert(LimitedAccessAlert)
  /// Settings › App › Photos on this iOS version (nil row: the app never asked).
  case settings(SettingsRow?, IOSVersion)
  /// The app was terminated on this iOS version; the only way on is a fresh launch.
  case terminated(AppTermination, IOSVersion)

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
    case .settings(let row, _): row?.path ?? PickerTexts.settingsTitle
    case .terminated: PickerTexts.terminatedTitle
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
    case .settings(let row, _):
      if row == nil {
        PickerTexts.noPhotosRow
      } else if row?.isEditable == false {
        PickerTexts.restricted
      } else {
        nil
      }
    case .terminated(let termination, _): termination.consoleMessage
    }
  }

  /// Extra lines under the message: the iOS 17+ prompt's photo count and sample thumbnails,
  /// or what a Settings change did.
  public var detail: String? {
    switch self {
    case .systemPrompt(let prompt):
      guard let count = prompt.photoCountText else { return nil }
      let samples = prompt.sampleAssetIDs.joined(separator: ", ")
      return samples.isEmpty ? count : "\(count) · \(samples)"
    case .terminated(.settingsChanged(let from, let to), let ios):
      let old = from?.label(ios: ios) ?? "(no row)"
      return "Settings › Photos changed from \(old) to \(to.label(ios: ios))"
    case .terminated(.privacyChanged, _):
      return "Photos access was changed outside the app (privacy or restriction)"
    default:
      return nil
    }
  }

  /// The buttons by value, in the order they are drawn and focused.
  public var actions: [OverlayButton] {
    switch self {
    case .systemPrompt(let prompt): prompt.buttons.map { .prompt($0.role) }
    case .seeAllPhotosAlert: [.notNow, .openSettings]
    case .manageSheet: [.selectMorePhotos, .allowAllPhotos, .cancel]
    case .limitedPicker: [.cancel, .done]
    case .limitedAccessAlert: LimitedAccessAlert.choices.map(OverlayButton.alert)
    case .settings(let row, _):
      (row?.options.map(OverlayButton.settingsOption) ?? [])
        + (row?.showsEditSelectedPhotos == true ? [.editSelectedPhotos] : [])
        + [.back]
    case .terminated: [.relaunch]
    }
  }

  /// The words of `button` in this overlay (on its iOS version).
  public func label(of button: OverlayButton) -> String {
    switch (button, self) {
    case (.prompt(let role), .systemPrompt(let prompt)):
      prompt.button(role)?.label
        ?? PromptButton.label(for: role, ios: prompt.ios, level: prompt.level)
    case (.prompt(let role), _): PromptButton.label(for: role, ios: .newest, level: .readWrite)
    case (.alert(let choice), _): choice.label
    case (.notNow, _): PickerTexts.notNow
    case (.openSettings, _): PickerTexts.openSettings
    case (.selectMorePhotos, _): PickerTexts.selectMorePhotos
    case (.allowAllPhotos, _): PickerTexts.allowAllPhotos
    case (.cancel, _): PickerTexts.cancel
    case (.done, _): PickerTexts.done
    case (.settingsOption(let option), .settings(_, let ios)): option.label(ios: ios)
    case (.settingsOption(let option), _): option.label(ios: .newest)
    case (.editSelectedPhotos, _): PickerTexts.editSelectedPhotos
    case (.back, _): PickerTexts.back
    case (.relaunch, _): PickerTexts.relaunch
    }
  }

  /// The buttons' words, in the order they are drawn and focused.
  public var buttons: [String] { actions.map(label(of:)) }

  /// The button drawn with a check mark (the Settings value), if any.
  public var checkedAction: OverlayButton? {
    if case .settings(let row, _) = self { return row?.value.map(OverlayButton.settingsOption) }
    return nil
  }

  /// The words of the checked button, if any.
  public var checkedButton: String? { checkedAction.map(label(of:)) }

  /// The buttons drawn greyed out, which do nothing when tapped.
  public var disabledActions: [OverlayButton] {
    if case .settings(let row?, _) = self, !row.isEditable {
      return row.options.map(OverlayButton.settingsOption)
    }
    return []
  }

  /// The words of the greyed-out buttons.
  public var disabledButtons: [String] { disabledActions.map(label(of:)) }
}
