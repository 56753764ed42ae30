import PhotoLibrary

/// What answering a prompt did: the handler fired with a status, or (the limited option) the
/// limited-library picker opened first and the handler waits for it to close.
public enum PromptAnswerOutcome: Sendable, Equatable {
  /// The handler fired with this status.
  case status(AuthorizationStatus)
  /// The limited-library picker opened at once; the handler fires when it closes.
  case limitedPicker(LimitedPickerContents)
}
