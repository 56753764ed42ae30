import Foundation
import PhotoLibrary
import TerminalUI

/// Building the simulated app's launch from the global options.
extension GlobalOptions {
  /// One launch of `--app` on `--ios` against `--library` (an empty library for commands that
  /// only change permissions and never look at assets).
  func makeSession(
    responder: AuthorizationResponder = .unanswered, needsLibrary: Bool = true
  ) throws -> PhotoLibrarySession {
    guard needsLibrary else { return try appOptions.makeSession(responder: responder) }
    let library = try checkedLibraryURL()
    return PhotoLibrarySession(
      bundleID: app, ios: ios, infoPlist: try loadInfoPlist(),
      backend: try makeBackend(library), store: makeStore(), responder: responder)
  }
}

extension CLIError {
  /// Maps a library error to the documented exit codes: termination 3, unanswered prompt 2,
  /// everything else 1 (with the file and the reason).
  static func from(_ error: any Error) -> CLIError {
    switch error {
    case let error as CLIError: return error
    case PhotoLibraryError.terminated(let reason):
      return .terminated(terminationMessage(reason))
    case let error as PhotoLibraryError: return .failed(TerminalSafe.escape(error.description))
    case let error as StoreError: return .failed(TerminalSafe.escape(error.description))
    case let error as SettingsError: return .failed(TerminalSafe.escape(error.description))
    default: return .failed(TerminalSafe.escape("\(error)"))
    }
  }

  static func terminationMessage(_ reason: AppTermination) -> String {
    switch reason {
    case .missingUsageDescription:
      return "the app was terminated: \(reason.consoleMessage)"
    case .settingsChanged(_, let to):
      return "the app was terminated: Settings changed its Photos access to "
        + "\(to.rawValue) (\(reason.consoleMessage)); the next command is a fresh launch"
    case .privacyChanged:
      return "the app was terminated: its Photos access was changed from outside "
        + "(\(reason.consoleMessage)); the next command is a fresh launch"
    }
  }
}
