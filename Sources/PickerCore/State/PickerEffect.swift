import PhotoLibrary

/// Work the reducer asks the runtime to do, as data. The runtime (`PickerDriver` with a
/// `PickerEnvironment`, the terminal gallery, the `snapshot` command, tests) performs it and
/// feeds the outcome back as a `PickerAction`.
public enum PickerEffect: Sendable, Equatable {
  /// `PHPhotoLibrary.requestAuthorization(for:handler:)` (or the legacy call).
  case requestAuthorization(AuthorizationRequest)
  /// Answer the system prompt with the button that means `answer`.
  case answerPrompt(AuthorizationPrompt, PromptAnswer)
  /// Read the status and the assets the app may see.
  case readLibrary
  /// These ids are on screen now (the grid's, the limited picker's or the album switcher's):
  /// the host shows their thumbnails, loading those it does not hold. Sent whenever what is on
  /// screen changes, so a thumbnail the host's cache dropped is asked for again when it comes
  /// back into view.
  case loadThumbnails([String])
  /// `PHPhotoLibrary.presentLimitedLibraryPicker(from:)` (does nothing unless limited).
  case presentLimitedPicker
  /// Close the limited picker: save these ids as the selection (Done) or keep the old one
  /// (nil, Cancel).
  case finishLimitedPicker(selection: [String]?)
  /// `UIApplication.openSettingsURLString`: open Settings on this app's page.
  case openSettings
  /// Choose this option in Settings › App › Photos (terminates the app when it changes).
  case applySettingsChoice(SettingsOption)
  /// Launch the app again (after a termination).
  case relaunch
  /// Hand the result to the host app (`picker(_:didFinishPicking:)`).
  case finishPicking(PickResult)
}
