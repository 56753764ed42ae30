import ArgumentParser
import PhotoLibrary
import TerminalUI

/// `photogate status`: the app's statuses, restriction, selection and Settings row.
struct StatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show the app's photo-library authorization statuses.",
    discussion: """
      Prints the legacy authorizationStatus(), authorizationStatus(for: .addOnly) and \
      (for: .readWrite), whether access is restricted, the limited selection, and the \
      Settings app's Photos options and value, and whether the automatic limited-access alert \
      will show. On iOS 13 only the legacy status exists (addOnly and readWrite are null in \
      JSON). Reading the status never prompts. JSON shapes: docs/json.md.
      """
  )

  @OptionGroup var global: AppOptions

  @Flag(help: "Print one JSON object.") var json = false

  struct Output: Encodable {
    var app: String
    var ios: Int
    var legacy: String
    var addOnly: NullableString
    var readWrite: NullableString
    var restricted: Bool
    var selection: [String]
    var settingsOptions: [String]
    var settingsValue: NullableString
    /// Whether Settings lets the user change the row (false when restricted or absent).
    var settingsEditable: Bool
    /// Whether the automatic limited-access alert shows at the next launch's first access.
    var automaticAlert: Bool
  }

  func run() throws {
    // Read the Info.plist first, so that a bad one is reported even when nothing needs it.
    let plist = try global.loadInfoPlist()
    let state = try global.loadState()
    let ios = global.ios
    let levels = ios.hasAccessLevels
    let output = Output(
      app: global.app, ios: ios.rawValue, legacy: "\(state.legacyStatus)",
      addOnly: NullableString(levels ? "\(state.status(for: .addOnly))" : nil),
      readWrite: NullableString(levels ? "\(state.status(for: .readWrite))" : nil),
      restricted: state.isRestricted, selection: state.limitedSelection.sorted(),
      settingsOptions: state.settingsOptions(ios: ios).map { $0.label(ios: ios) },
      settingsValue: NullableString(state.settingsValue(ios: ios)?.label(ios: ios)),
      settingsEditable: state.settingsRow(ios: ios)?.isEditable ?? false,
      automaticAlert: levels && state.automaticAlertIsDue(launch: .fresh, infoPlist: plist))
    if json {
      try JSONOutput.print(output)
      return
    }
    print("app: \(name: output.app) (iOS \(ios))")
    print("legacy authorizationStatus(): \(output.legacy)")
    if levels {
      print("authorizationStatus(for: .addOnly): \(output.addOnly.value ?? "")")
      print("authorizationStatus(for: .readWrite): \(output.readWrite.value ?? "")")
    }
    print("restricted: \(state.isRestricted ? "yes" : "no")")
    let selection = output.selection
    print(
      "selection: \(selection.isEmpty ? "(none)" : "\(name: selection.joined(separator: ", "))")")
    print("settings: \(SettingsText.row(state.settingsRow(ios: ios), ios: ios))")
    if state.status(for: .readWrite) == .limited && ios.hasAccessLevels {
      print(
        state.automaticAlertIsDue(launch: .fresh, infoPlist: plist)
          ? "automatic limited-access alert: at the first library access of each launch"
          : "automatic limited-access alert: prevented by the Info.plist")
    }
  }
}
