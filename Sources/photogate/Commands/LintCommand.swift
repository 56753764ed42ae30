import ArgumentParser
import Foundation
import PhotoLibrary
import TerminalUI

/// `photogate lint`: checks an Info.plist against the requests the app makes.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check an Info.plist's photo keys against what the app requests.",
    discussion: """
      Reports missing usage descriptions (which terminate the app), the add-only upgrade trap \
      (an add-only feature without NSPhotoLibraryAddUsageDescription silently asks for the \
      whole library), and whether the automatic limited-access alert will show. --uses says \
      which calls the app makes (default: all); --ios which iOS it runs on (on iOS 13 every \
      request is the legacy one, which needs NSPhotoLibraryUsageDescription). The prevent \
      key's older name NSPhotoLibraryLimitedAccessAPISupport is honoured; a string value is \
      read as Foundation reads a boolean, with a warning. Exits 1 when there is an error.
      """
  )

  @Argument(help: "The Info.plist file (XML or binary).") var infoPlist: String

  @Option(
    parsing: .upToNextOption,
    help: "The calls the app makes: readWrite, addOnly, legacy (default: all).")
  var uses: [AuthorizationRequest] = []

  @Option(parsing: .unconditional, help: "Which iOS the app runs on: 13|14|15|16|17|18|26.")
  var ios: IOSVersion = .newest

  @Flag(help: "Print {file, ios, uses, findings: [{severity, key, message}], errors} as JSON.")
  var json = false

  struct Output: Encodable {
    struct Finding: Encodable {
      var severity: String
      var key: String
      var message: String
    }
    var file: String
    var ios: Int
    var uses: [String]
    var findings: [Finding]
    var errors: Int
  }

  func run() throws {
    let plist: InfoPlist
    do {
      plist = try InfoPlist(contentsOf: URL(fileURLWithPath: infoPlist))
    } catch {
      throw CLIError.failed(TerminalSafe.escape(error.description))
    }
    let used = uses.isEmpty ? Set(AuthorizationRequest.allCases) : Set(uses)
    let findings = InfoPlistLint.check(plist, uses: used, ios: ios)
    let errors = findings.filter { $0.severity == .error }.count
    if json {
      try JSONOutput.print(
        Output(
          file: infoPlist, ios: ios.rawValue, uses: used.map(\.rawValue).sorted(),
          findings: findings.map {
            Output.Finding(severity: $0.severity.rawValue, key: $0.key, message: $0.message)
          }, errors: errors))
    } else {
      print(
        "\(name: infoPlist) (iOS \(ios); app calls: "
          + "\(used.map(\.rawValue).sorted().joined(separator: ", ")))")
      for finding in findings { print("  \(name: "\(finding)")") }
    }
    if errors > 0 {
      throw CLIError.failed("\(name: infoPlist): \(errors) error\(errors == 1 ? "" : "s")")
    }
  }
}
