/// Why iOS ended the simulated app: a missing usage description, or a change in Settings.
///
/// The `consoleMessage` is what iOS logs, word for word
/// (docs/permission-model.md#requests-and-prompts); the command line
/// prints it and exits 3.
public enum AppTermination: Sendable, Equatable, Error, CustomStringConvertible {
  /// A request for a level whose Info.plist key (named here) is missing.
  case missingUsageDescription(key: String)
  /// The user changed the app's Photos row in Settings.
  case settingsChanged(from: SettingsOption?, to: SettingsOption)
  /// The app's access was changed from outside the app in another way (`simctl privacy`
  /// grant, revoke or reset, the parental-controls restriction).
  case privacyChanged

  /// The console message, exactly as iOS logs it.
  public var consoleMessage: String {
    switch self {
    case .missingUsageDescription(let key):
      return "This app has crashed because it attempted to access privacy-sensitive data "
        + "without a usage description. The app's Info.plist must contain an \(key) key with "
        + "a string value explaining to the user how the app uses this data."
    case .settingsChanged, .privacyChanged:
      return "Message from debugger: Terminated due to signal 9"
    }
  }

  public var description: String { consoleMessage }
}
