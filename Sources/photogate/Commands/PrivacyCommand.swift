import ArgumentParser
import PhotoLibrary
import TerminalUI

/// `photogate privacy`: grant, revoke or reset access directly, as `xcrun simctl privacy` does —
/// including limited, which the simulator tool cannot set.
struct PrivacyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "privacy",
    abstract: "Grant, revoke or reset access directly, as the simulator tool does.",
    discussion: """
      photos = read/write, photos-add = add-only, photos-limited = read/write limited. grant \
      and revoke record the level as requested (so Settings shows its row); reset forgets the \
      decision. 'privacy reset' with no service returns the app to its first launch (the \
      restriction, a device setting, is kept; a damaged state file is deleted). iOS 13 has \
      neither limited access nor add-only: granting or revoking photos-limited or photos-add \
      with --ios 13 is refused.
      """
  )

  @OptionGroup var global: AppOptions

  @Argument(help: "grant, revoke or reset.") var action: PrivacyAction
  @Argument(help: "photos, photos-add or photos-limited (reset: optional, default all).")
  var service: PrivacyService?

  @Flag(help: "Print the resulting statuses as one JSON object.") var json = false

  func validate() throws {
    if service == nil && action != .reset {
      throw ValidationError(
        "'privacy \(action.rawValue)' needs a service: photos, photos-add or photos-limited")
    }
  }

  func run() throws {
    do {
      let session = try global.makeSession()
      if let service {
        try session.apply(action, to: service)
      } else {
        try session.resetAll()
      }
      let state = try session.state()
      if json {
        try JSONOutput.print(StatusSummaryJSON(app: global.app, state: state, ios: global.ios))
        return
      }
      print(
        "\(name: global.app): legacy \(state.legacyStatus), addOnly \(state.status(for: .addOnly)), "
          + "readWrite \(state.status(for: .readWrite))")
    } catch {
      throw CLIError.from(error)
    }
  }
}

extension PrivacyAction: ExpressibleByArgument {}
extension PrivacyService: ExpressibleByArgument {}
