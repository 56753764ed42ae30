/// Why a library operation did not happen.
public enum PhotoLibraryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// iOS terminated the simulated app (exit code 3 on the command line).
  case terminated(AppTermination)
  /// A prompt appeared and nobody answered it.
  case promptUnanswered(AuthorizationPrompt)
  /// The current access does not allow this (names the operation and the status).
  case accessDenied(String)
  /// No readable asset has this id (outside the library, or not visible under this access).
  case assetNotFound(String)

  public var description: String {
    switch self {
    case .terminated(let termination): termination.consoleMessage
    case .promptUnanswered(let prompt):
      "the prompt “\(prompt.title)” was not answered; its buttons are: "
        + prompt.buttons.map(\.label).joined(separator: ", ")
    case .accessDenied(let reason): reason
    case .assetNotFound(let id): "no asset '\(id)' is visible to this app"
    }
  }
}
