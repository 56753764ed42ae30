import PhotoLibrary

/// Everything that can happen to the picker screen, named for what happened: the user's
/// taps and keys, and the answers the runtime brings back for effects.
public enum PickerAction: Sendable, Equatable {
  // MARK: Launch and authorization

  /// A fresh launch of the app (the first one, or after a termination): statuses are
  /// re-read and per-launch state is reset; the screen then requests read/write
  /// (`viewDidLoad` in the seed).
  case launched(LaunchInfo)
  /// A request put up the system prompt.
  case promptShown(AuthorizationPrompt)
  /// The system prompt that is up shows the library anew (its count and samples, as the
  /// library's first scan goes on); ignored when no such prompt is up.
  case promptLibraryChanged(PromptLibrary)
  /// A request's handler fired with this status (seed: `showUI(for:)`).
  case authorizationResolved(AuthorizationStatus)
  /// The library was read: status and visible assets (seed: `fetchAssets`).
  case libraryRead(LibraryContents)
  /// `PHPhotoLibraryChangeObserver.photoLibraryDidChange(_:)`: the library or the selection
  /// changed; the screen re-reads its status and counts.
  case photoLibraryDidChange
  /// The app was terminated (Settings change, missing usage description).
  case appTerminated(AppTermination)
  /// The host app asked for authorization itself (a save feature asking add-only, say).
  case authorizationRequested(AuthorizationRequest)

  // MARK: The screen

  /// The Manage button was tapped (limited).
  case manageTapped
  /// The See All Photos button was tapped (denied).
  case seeAllPhotosTapped
  /// The user went to the Settings app by themselves (Settings › App › Photos).
  case openSettingsTapped
  /// The cursor moved in the grid (or in the limited picker when it is up).
  case cursorMoved(GridMove)
  /// The focused asset was toggled: picked/unpicked, or checked/unchecked in the limited
  /// picker.
  case focusedItemToggled
  /// An asset was tapped directly (by id).
  case itemToggled(String)
  /// The window's shape changed (a terminal resize).
  case viewportResized(columns: Int, rows: Int)
  /// Add was tapped: the picked assets go to the host app.
  case addTapped
  /// Cancel was tapped: nothing goes to the host app.
  case cancelTapped
  /// The album title ("Recents ▾") was tapped: the album switcher opens (or closes).
  case albumListToggled
  /// The switcher's focus moved by this many rows (wrapping).
  case albumListFocusMoved(by: Int)
  /// An album was chosen (Return on the focused row, or a tap): the grid shows it.
  case albumChosen(AssetCollection.Kind?)

  // MARK: Overlays

  /// The overlay's button focus moved by this many places (wrapping).
  case overlayFocusMoved(by: Int)
  /// The focused overlay button was activated (Return).
  case overlayFocusedButtonActivated
  /// An overlay button was tapped, by value (its words differ by iOS version).
  case overlayButtonTapped(OverlayButton)
  /// The limited-library picker opened with these contents.
  case limitedPickerPresented(LimitedPickerContents)
  /// The limited-library picker closed; if a request was waiting for it, its handler fired
  /// with this status.
  case limitedPickerClosed(handlerStatus: AuthorizationStatus?)
  /// The Settings app opened on this app's Photos page (nil: it has no Photos row).
  case settingsOpened(SettingsRow?)
  /// A download from iCloud of the asset `id` went on, ended or failed.
  case cloudDownload(id: String, CloudDownloadStatus)
}
