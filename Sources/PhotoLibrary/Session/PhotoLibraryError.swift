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
  /// The limited selection can only hold assets that exist: no asset in the library has this id.
  case unknownAsset(String)
  /// `select --remove` of an id that is not in the limited selection.
  case notSelected(String)
  /// The simulated iOS version has no such state (limited access or add-only on iOS 13).
  case unavailable(String)
  /// A save refused before any prompt: the file or the album name is not usable.
  case cannotSave(String)

  public var description: String {
    switch self {
    case .terminated(let termination): termination.consoleMessage
    case .promptUnanswered(let prompt):
      "the prompt “\(prompt.title)” was not answered; its buttons are: "
        + prompt.buttons.map(\.label).joined(separator: ", ")
    case .accessDenied(let reason): reason
    case .assetNotFound(let id): "no asset '\(id)' is visible to this app"
    case .unknownAsset(let id):
      "no asset '\(id)' in the library: the limited selection can only hold assets that exist"
    case .notSelected(let id): "'\(id)' is not in the limited selection"
    case .unavailable(let reason): reason
    case .cannotSave(let reason): "cannot save \(reason)"
    }
  }
}
