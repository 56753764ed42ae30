import PhotoLibrary

/// What `requestAuthorization(for:)` did: put up a prompt, call the handler at once, or
/// terminate the app (a usage description is missing).
public enum AuthorizationRequestOutcome: Sendable, Equatable {
  /// The level was not determined: the prompt is up and waits for an answer.
  case prompt(AuthorizationPrompt)
  /// Nothing was shown; the handler got this status.
  case status(AuthorizationStatus)
  /// The app was terminated.
  case terminated(AppTermination)
}
