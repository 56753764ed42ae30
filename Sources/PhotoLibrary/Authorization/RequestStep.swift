/// Where a `requestAuthorization` call stands, as data (for the picker's effects and the CLI).
public enum RequestStep: Sendable, Equatable {
  /// The app was terminated (a missing usage description); the handler never fires.
  case terminated(AppTermination)
  /// The handler fires now with this status; nothing was shown.
  case completed(AuthorizationStatus)
  /// The prompt is up; answer it with `AuthorizationState.answer(_:to:launch:)`.
  case prompt(AuthorizationPrompt)
  /// The user chose the limited option: the limited picker is open at once; the handler fires
  /// only after it closes (`AuthorizationState.finishLimitedPicker(_:for:)`).
  case limitedPicker(LimitedPickerSession, AuthorizationPrompt)
}
