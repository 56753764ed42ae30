import ArgumentParser
import PhotoLibrary
import TerminalUI

/// `photogate restrict`: parental-controls style restriction of photo access.
struct RestrictCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "restrict",
    abstract: "Turn the parental-controls restriction on or off.",
    discussion: """
      While on, every status is restricted, no request prompts, Settings greys the row out and \
      nothing is readable. The stored decisions underneath are kept and come back when off.
      """
  )

  @OptionGroup var global: AppOptions

  enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off
  }

  @Argument(help: "on or off.") var value: Switch

  @Flag(help: "Print the resulting statuses as one JSON object.") var json = false

  func run() throws {
    do {
      let session = try global.makeSession()
      try session.setRestricted(value == .on)
      if json {
        try JSONOutput.print(
          StatusSummaryJSON(app: global.app, state: try session.state(), ios: global.ios))
        return
      }
      print(
        "\(name: global.app): restricted \(value.rawValue); readWrite \(try session.authorizationStatus(for: .readWrite))"
      )
    } catch {
      throw CLIError.from(error)
    }
  }
}
