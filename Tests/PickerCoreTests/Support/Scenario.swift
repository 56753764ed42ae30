import PhotoLibrary
import PickerCore

/// One picker screen to snapshot: a stored state, an Info.plist and the taps that lead to it,
/// run through the real permission model on a given iOS version.
enum Scenario: String, CaseIterable, Sendable {
  case firstLaunchPrompt
  case addOnlyPrompt
  case addOnlyUpgradedPrompt
  case keepAddOnlyPrompt
  case authorized
  case authorizedSettings
  case limitedAutomaticAlert
  case limited
  case limitedManageSheet
  case limitedPicker
  case limitedSettings
  case denied
  case deniedSeeAllPhotosAlert
  case deniedSettings
  case restricted
  case restrictedSettings
  case settingsWithoutPhotosRow
  case terminatedAfterSettingsChange
  case terminatedMissingUsageDescription

  /// Whether the scenario exists on `ios` (limited and add-only are iOS 14+).
  func exists(on ios: IOSVersion) -> Bool {
    switch self {
    case .addOnlyPrompt, .addOnlyUpgradedPrompt, .keepAddOnlyPrompt, .limitedAutomaticAlert,
      .limited,
      .limitedManageSheet, .limitedPicker, .limitedSettings:
      ios.hasAccessLevels
    default:
      true
    }
  }

  /// The picker after the scenario's launch and taps.
  func run(ios: IOSVersion) -> PickerHarness {
    var quiet = InfoPlist.builtIn
    quiet.preventAutomaticLimitedAccessAlert = true
    let limited = AuthorizationState(
      readWrite: .limited, limitedSelection: ["IMG_0002.jpg", "IMG_0004.jpg", "IMG_0005.jpg"],
      requestedLevels: [.readWrite])
    let denied = AuthorizationState(readWrite: .denied, requestedLevels: [.readWrite])
    let restricted = AuthorizationState(isRestricted: true, requestedLevels: [.readWrite])
    let waiting = PickerConfiguration(columns: 3, rows: 2, launchRequest: nil)

    switch self {
    case .firstLaunchPrompt:
      return PickerHarness(ios: ios).launch()
    case .addOnlyPrompt:
      return PickerHarness(ios: ios, configuration: waiting).launch()
        .send(.authorizationRequested(.addOnly))
    case .addOnlyUpgradedPrompt:
      // No NSPhotoLibraryAddUsageDescription: the add-only request silently asks read/write.
      return PickerHarness(
        ios: ios, infoPlist: InfoPlist(usageDescription: "Shows your photos."),
        configuration: waiting
      ).launch().send(.authorizationRequested(.addOnly))
    case .keepAddOnlyPrompt:
      return PickerHarness(
        ios: ios,
        authorization: AuthorizationState(addOnly: .authorized, requestedLevels: [.addOnly])
      ).launch()
    case .authorized:
      return PickerHarness(ios: ios, authorization: Self.fullAccess).launch()
    case .authorizedSettings:
      return PickerHarness(ios: ios, authorization: Self.fullAccess).launch()
        .send(.openSettingsTapped)
    case .limitedAutomaticAlert:
      return PickerHarness(ios: ios, authorization: limited).launch()
    case .limited:
      return PickerHarness(ios: ios, authorization: limited, infoPlist: quiet).launch()
    case .limitedManageSheet:
      return PickerHarness(ios: ios, authorization: limited, infoPlist: quiet).launch()
        .send(.manageTapped)
    case .limitedPicker:
      return PickerHarness(ios: ios, authorization: limited, infoPlist: quiet).launch()
        .send(.manageTapped).tap(.selectMorePhotos)
    case .limitedSettings:
      return PickerHarness(ios: ios, authorization: limited, infoPlist: quiet).launch()
        .send(.openSettingsTapped)
    case .denied:
      return PickerHarness(ios: ios, authorization: denied).launch()
    case .deniedSeeAllPhotosAlert:
      return PickerHarness(ios: ios, authorization: denied).launch().send(.seeAllPhotosTapped)
    case .deniedSettings:
      return PickerHarness(ios: ios, authorization: denied).launch()
        .send(.seeAllPhotosTapped).tap(.openSettings)
    case .restricted:
      return PickerHarness(ios: ios, authorization: restricted).launch()
    case .restrictedSettings:
      return PickerHarness(ios: ios, authorization: restricted).launch()
        .send(.openSettingsTapped)
    case .settingsWithoutPhotosRow:
      return PickerHarness(ios: ios, configuration: waiting).launch().send(.openSettingsTapped)
    case .terminatedAfterSettingsChange:
      return PickerHarness(ios: ios, authorization: denied).launch()
        .send(.openSettingsTapped).tap(.settingsOption(.allPhotos))
    case .terminatedMissingUsageDescription:
      return PickerHarness(
        ios: ios, infoPlist: InfoPlist(addUsageDescription: "Saves your drawings.")
      ).launch()
    }
  }

  static let fullAccess = AuthorizationState(readWrite: .authorized, requestedLevels: [.readWrite])
}
