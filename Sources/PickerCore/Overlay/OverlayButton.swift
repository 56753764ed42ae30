import PhotoLibrary

/// A button of an ``Overlay``, by what it does, never by its words: taps and tests name
/// buttons with these values, and ``Overlay/label(of:)`` looks the words up (per iOS version
/// where they differ).
public enum OverlayButton: Sendable, Equatable, Hashable {
  /// A button of the system permission prompt (allow, limit, deny, keep add-only).
  case prompt(PromptButton.Role)
  /// A button of the automatic limited-access alert (select more, keep selection).
  case alert(LimitedAccessAlertChoice)
  /// The See All Photos alert's cancel action.
  case notNow
  /// The See All Photos alert's action that opens Settings.
  case openSettings
  /// The Manage sheet's action that opens the limited-library picker.
  case selectMorePhotos
  /// The Manage sheet's action that opens Settings.
  case allowAllPhotos
  /// Cancel: the Manage sheet's, and the limited picker's (the selection stays).
  case cancel
  /// The limited picker's Done: the checked photos become the selection.
  case done
  /// An option of Settings › App › Photos.
  case settingsOption(SettingsOption)
  /// Settings' link that opens the limited-library picker.
  case editSelectedPhotos
  /// Settings' way back without a change.
  case back
  /// The termination notice's fresh launch.
  case relaunch
}

/// A button of the picker screen itself (the sample picker's `showUI(for:)`), by what it does.
public enum ScreenButton: Sendable, Equatable, Hashable, CaseIterable {
  /// Shown when access is limited: opens the Manage sheet.
  case manage
  /// Shown when access is denied: opens the See All Photos alert.
  case seeAllPhotos

  /// The button's words.
  public var label: String {
    switch self {
    case .manage: PickerTexts.manage
    case .seeAllPhotos: PickerTexts.seeAllPhotos
    }
  }
}
