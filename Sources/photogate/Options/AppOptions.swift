import ArgumentParser
import Foundation
import PhotoLibrary
import TerminalUI

/// The simulated app: its bundle id, the iOS it runs on, its Info.plist and where its
/// permission state is kept — the options of every command that reads or changes permissions.
struct AppOptions: ParsableArguments {
  @Option(name: .customLong("app"), help: "The simulated app's bundle id.")
  var app: String = "com.example.picker"

  @Option(
    name: .customLong("ios"), parsing: .unconditional,
    help: "Which iOS behaviour and wording: 13|14|15|16|17|18|26.")
  var ios: IOSVersion = .newest

  @Option(
    name: .customLong("info-plist"),
    help: "The app's Info.plist (default: both usage descriptions, prevent-alert key unset).")
  var infoPlist: String?

  @Option(
    name: .customLong("state-dir"),
    help: ArgumentHelp(
      "Where per-app permission state is kept (default $PHOTOGATE_STATE_DIR, else "
        + "$XDG_STATE_HOME/photogate).", valueName: "DIR"))
  var stateDir: String?

  /// The state folder: `--state-dir`, else `$PHOTOGATE_STATE_DIR`, else
  /// `$XDG_STATE_HOME/photogate`, else `~/.local/state/photogate`.
  func stateDirectoryURL() -> URL { Self.stateDirectoryURL(option: stateDir) }

  /// The state folder for a `--state-dir` value (nil: not given), by the rule above.
  static func stateDirectoryURL(option stateDir: String?) -> URL {
    let env = ProcessInfo.processInfo.environment
    if let path = stateDir ?? env["PHOTOGATE_STATE_DIR"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    if let xdg = env["XDG_STATE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("photogate")
    }
    return FileManager.default.homeDirectoryForCurrentUser
      .appendingPathComponent(".local/state/photogate")
  }

  /// The app's Info.plist: `--info-plist`, else the built-in one.
  func loadInfoPlist() throws -> InfoPlist {
    guard let infoPlist else { return .builtIn }
    do {
      return try InfoPlist(contentsOf: URL(fileURLWithPath: infoPlist))
    } catch {
      throw CLIError.failed(TerminalSafe.escape(error.description))
    }
  }

  /// The per-app state store under the state dir.
  func makeStore() -> FileAuthorizationStore {
    FileAuthorizationStore(directory: stateDirectoryURL())
  }

  /// The app's stored state, without launching it (reading never prompts).
  func loadState() throws -> AuthorizationState {
    do {
      return try makeStore().load(bundleID: app)
    } catch {
      throw CLIError.from(error)
    }
  }

  /// One launch of the app that never looks at assets (an empty library behind it), for the
  /// commands that only read or change permissions.
  func makeSession(responder: AuthorizationResponder = .unanswered) throws
    -> PhotoLibrarySession
  {
    PhotoLibrarySession(
      bundleID: app, ios: ios, infoPlist: try loadInfoPlist(),
      backend: MemoryLibraryBackend(ids: []), store: makeStore(), responder: responder)
  }
}
