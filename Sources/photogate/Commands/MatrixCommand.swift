import ArgumentParser
import PhotoLibrary

/// `photogate matrix`: regenerates the seed 001 tables from the model.
struct MatrixCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "matrix",
    abstract: "Regenerate the seed tables (iOS 13 and 14+) by running the model.",
    discussion: """
      Each row starts from a fresh install, makes the seed's requests with the seed's answers \
      (and, for the setting-screen table, chooses the option in Settings), then reads every \
      status and asks whether each request would prompt (○ shown, × not shown). Rows and \
      columns are those of seed 001, so the output can be compared line by line. --ios picks \
      the wording of the 14+ run (the statuses are the same on 14 and later).
      """
  )

  @OptionGroup var global: GlobalOptions

  @Flag(help: "Also print the derivation table of PERMISSIONS.md §3 (every stored state).")
  var derivation = false

  func run() throws {
    var tables = [PermissionMatrix.iOS13Table()] + PermissionMatrix.iOS14Tables(ios: global.ios)
    if derivation { tables.append(PermissionMatrix.derivationTable(ios: global.ios)) }
    print(PermissionMatrix.render(tables), terminator: "")
  }
}
