/// The exact words of the picker screen in the sample picker article
/// (docs/permission-model.md#picker-screen).
public enum PickerTexts {
  /// The button shown when access is limited.
  public static let manage = "Manage"
  /// The button shown when access is denied.
  public static let seeAllPhotos = "See All Photos"

  /// The See All Photos alert's title.
  public static let seeAllTitle = "Allow access to your photos"
  /// The See All Photos alert's message.
  public static let seeAllMessage =
    "This lets you share from your camera roll and enables other features for photos and "
    + "videos. Go to your settings and tap \"Photos\"."
  /// The See All Photos alert's cancel action.
  public static let notNow = "Not Now"
  /// The See All Photos alert's action that opens Settings.
  public static let openSettings = "Open Settings"

  /// The Manage action sheet's message (it has no title).
  public static let manageMessage =
    "Select more photos or go to Settings to allow access to all photos."
  /// The Manage action sheet's action that opens the limited-library picker.
  public static let selectMorePhotos = "Select more photos"
  /// The Manage action sheet's action that opens Settings.
  public static let allowAllPhotos = "Allow access to all photos"
  /// The Manage action sheet's cancel action.
  public static let cancel = "Cancel"

  /// The picking bar's button that delivers the picked assets.
  public static let add = "Add"
}

extension PickerTexts {
  /// The Settings overlay's title when the row does not say where it lives.
  public static let settingsTitle = "Settings › Photos"
  /// The Settings page's button that goes back without a change.
  public static let back = "Back"
  /// The link under Selected Photos that opens the limited-library picker from Settings.
  public static let editSelectedPhotos = "Edit Selected Photos"
  /// The message of a Settings page with no Photos row.
  public static let noPhotosRow = "No Photos row: the app has not asked for access yet."
  /// The message of a restricted Settings page.
  public static let restricted = "Restricted: the setting cannot be changed."
  /// The title of the notice shown when the app was terminated.
  public static let terminatedTitle = "App terminated"
  /// The notice's button that launches the app again.
  public static let relaunch = "Relaunch"
  /// The limited picker's buttons.
  public static let done = "Done"
}
