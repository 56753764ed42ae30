import ArgumentParser
import PhotoLibrary
import TerminalUI

/// `photogate settings`: the Settings app's Photos row for this app (Settings › App › Photos).
struct SettingsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "settings",
    abstract: "Show or change the Settings app's Photos row for this app.",
    discussion: """
      The options depend on the levels the app has ever been prompted for: Add Photos Only, \
      None (add-only); Selected Photos, All Photos, None (read/write); all four (both). iOS 17+ \
      lists None first and says Limited Access and Full Access; iOS 13 says Never and Read and \
      Write. From iOS 18 the row is under Settings › Apps › App. Changing the value terminates \
      the running app (exit 3); choosing the checked option changes nothing (exit 0); a \
      restricted row cannot change.
      """,
    subcommands: [SettingsShowCommand.self, SettingsSetCommand.self],
    defaultSubcommand: SettingsShowCommand.self
  )
}

/// `photogate settings [show]`: prints the row.
struct SettingsShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "Print the app's Photos row.")

  @OptionGroup var global: AppOptions
  @Flag(help: "Print one JSON object.") var json = false

  struct Output: Encodable {
    var app: String
    var ios: Int
    var path: String
    var shown: Bool
    var options: [String]
    var value: NullableString
    var editable: Bool
  }

  func run() throws {
    let plist = try global.loadInfoPlist()
    let state = try global.loadState()
    let ios = global.ios
    let row = state.settingsRow(ios: ios)
    let path = SettingsRow.path(appName: plist.appName(bundleID: global.app), ios: ios)
    if json {
      try JSONOutput.print(
        Output(
          app: global.app, ios: ios.rawValue, path: path, shown: row != nil,
          options: row?.options.map { $0.label(ios: ios) } ?? [],
          value: NullableString(row?.value?.label(ios: ios)), editable: row?.isEditable ?? false))
    } else {
      print("\(name: path): \(SettingsText.row(row, ios: ios))")
    }
  }
}

/// `photogate settings set LABEL`: chooses an option; a change terminates the app (exit 3).
struct SettingsSetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set", abstract: "Choose an option; a change terminates the app (exit 3).")

  @OptionGroup var global: AppOptions
  @Argument(help: "The option's label (any iOS version's wording, case-insensitive).")
  var label: String

  func run() throws {
    let ios = global.ios
    guard let option = SettingsOption.matching(label, ios: ios) else {
      throw CLIError.usage(
        "'\(name: label)' is not a Settings option; use one of: "
          + SettingsOption.allCases.map { $0.label(ios: ios) }.joined(separator: ", "))
    }
    let session = try global.makeSession()
    // The same path `settings` shows and the gallery's Settings page is titled with.
    let path = SettingsRow.path(
      appName: session.infoPlist.appName(bundleID: session.bundleID), ios: ios)
    do {
      try session.chooseInSettings(option)
      print("\(name: path) is already \(option.label(ios: ios)); nothing changed.")
    } catch PhotoLibraryError.terminated(.settingsChanged(let from, let to)) {
      print("\(name: path): \(from?.label(ios: ios) ?? "(none)") → \(to.label(ios: ios))")
      throw CLIError.terminated(
        "the app was terminated (\(AppTermination.settingsChanged(from: from, to: to))): "
          + "changing its Photos access in Settings ends the running app; the next command is "
          + "a fresh launch")
    } catch SettingsError.notAnOption(let label, let options) {
      throw CLIError.usage(
        "'\(name: label)' is not an option for this app; its options are: "
          + options.joined(separator: ", "))
    } catch {
      throw CLIError.from(error)
    }
  }
}
