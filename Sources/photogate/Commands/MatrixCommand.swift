import ArgumentParser
import Foundation
import PhotoLibrary
import TerminalUI

/// `photogate matrix`: regenerates the measured tables from the model.
struct MatrixCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "matrix",
    abstract: "Regenerate the measured tables (iOS 13 and 14+) by running the model.",
    discussion: """
      Each row starts from a fresh install, makes the measured requests with the measured answers \
      (and, for the setting-screen table, chooses the option in Settings), then reads every \
      status and asks whether each request would prompt (○ shown, × not shown). Rows and \
      columns are those of the measured tables, aligned, so the output can be compared line by line. \
      --ios picks the wording of the 14+ run (the statuses are the same on 14 and later). \
      --info-plist runs the app with that Info.plist: without NSPhotoLibraryAddUsageDescription \
      the add-only rows show the request upgraded to read/write.
      """
  )

  @Option(
    parsing: .unconditional, help: "The iOS of the 14+ run: 14|15|16|17|18|26 (13 runs as 14).")
  var ios: IOSVersion = .newest

  @Option(
    name: .customLong("info-plist"),
    help: "The app's Info.plist (default: both usage descriptions, prevent-alert key unset).")
  var infoPlist: String?

  @Flag(help: "Also print the derivation table (every stored state → statuses).")
  var derivation = false

  @Flag(help: "Print {infoPlist, tables: [{title, columns, rows}]} as JSON.") var json = false

  struct Output: Encodable {
    struct Table: Encodable {
      var title: String
      var columns: [String]
      var rows: [[String]]
    }
    var infoPlist: NullableString
    var tables: [Table]
  }

  func run() throws {
    var plist = InfoPlist.builtIn
    if let infoPlist {
      do {
        plist = try InfoPlist(contentsOf: URL(fileURLWithPath: infoPlist))
      } catch {
        throw CLIError.failed(TerminalSafe.escape(error.description))
      }
      if !json { print("Info.plist: \(name: infoPlist)\n") }
    }
    var tables =
      [PermissionMatrix.iOS13Table(infoPlist: plist)]
      + PermissionMatrix.iOS14Tables(ios: ios, infoPlist: plist)
    if derivation {
      tables.append(PermissionMatrix.derivationTable(ios: ios, infoPlist: plist))
    }
    if json {
      try JSONOutput.print(
        Output(
          infoPlist: NullableString(infoPlist),
          tables: tables.map { Output.Table(title: $0.title, columns: $0.columns, rows: $0.rows) }))
      return
    }
    print(PermissionMatrix.render(tables), terminator: "")
  }
}
