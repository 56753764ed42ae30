import PhotoLibrary

/// The permission model as the picker needs it, as a struct of closures (TCA's dependency
/// style): a live value over the store and the folder library, a test value over an
/// in-memory model, or anything a user's test scripts.
///
/// Each closure mirrors one PhotoKit call the sample picker makes, plus the two things iOS
/// itself does around it (the Settings app and relaunching).
public struct PermissionClient {
  /// Starts a fresh launch (per-launch flags reset) and says which app and iOS it is.
  public var launch: () -> LaunchInfo
  /// `PHPhotoLibrary.requestAuthorization(for:handler:)`: a prompt, a status, or termination.
  public var requestAuthorization: (AuthorizationRequest) -> AuthorizationRequestOutcome
  /// Answers the prompt that is up.
  public var answerPrompt: (AuthorizationPrompt, PromptAnswer) -> PromptAnswerOutcome
  /// `authorizationStatus(for: .readWrite)` and `PHAsset.fetchAssets(with:)`.
  public var readLibrary: () -> LibraryContents
  /// `presentLimitedLibraryPicker(from:)`: its contents, or nil when the status is not
  /// limited (iOS then does nothing).
  public var presentLimitedPicker: () -> LimitedPickerContents?
  /// Closes the limited picker, saving `selection` (Done) or keeping the old one (nil);
  /// returns the status of a request whose handler was waiting for the picker, if any.
  public var finishLimitedPicker: ([String]?) -> AuthorizationStatus?
  /// Settings › App › Photos (nil: no Photos row).
  public var settings: () -> SettingsRow?
  /// Chooses an option in Settings; returns the app's termination when the value changed.
  public var applySettingsChoice: (SettingsOption) -> AppTermination?

  public init(
    launch: @escaping () -> LaunchInfo,
    requestAuthorization: @escaping (AuthorizationRequest) -> AuthorizationRequestOutcome,
    answerPrompt: @escaping (AuthorizationPrompt, PromptAnswer) -> PromptAnswerOutcome,
    readLibrary: @escaping () -> LibraryContents,
    presentLimitedPicker: @escaping () -> LimitedPickerContents?,
    finishLimitedPicker: @escaping ([String]?) -> AuthorizationStatus?,
    settings: @escaping () -> SettingsRow?,
    applySettingsChoice: @escaping (SettingsOption) -> AppTermination?
  ) {
    self.launch = launch
    self.requestAuthorization = requestAuthorization
    self.answerPrompt = answerPrompt
    self.readLibrary = readLibrary
    self.presentLimitedPicker = presentLimitedPicker
    self.finishLimitedPicker = finishLimitedPicker
    self.settings = settings
    self.applySettingsChoice = applySettingsChoice
  }
}
