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

/// What answering a prompt did: the handler fired with a status, or (the limited option) the
/// limited-library picker opened first and the handler waits for it to close.
public enum PromptAnswerOutcome: Sendable, Equatable {
  /// The handler fired with this status.
  case status(AuthorizationStatus)
  /// The limited-library picker opened at once; the handler fires when it closes.
  case limitedPicker(LimitedPickerContents)
}

/// What the limited-library picker starts with: every asset id of the library, in library
/// order, and the app's current selection.
public struct LimitedPickerContents: Sendable, Equatable {
  public var all: [String]
  public var selected: Set<String>

  public init(all: [String], selected: Set<String>) {
    self.all = all
    self.selected = selected
  }
}
