import ArgumentParser
import PhotoLibrary
import TerminalUI

/// `photogate select`: the limited-library picker (`presentLimitedLibraryPicker`).
struct SelectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "select",
    abstract: "Edit the limited selection, as the limited-library picker does.",
    discussion: """
      Works only while read/write is limited; otherwise it says so, changes nothing and exits \
      1 (iOS presents nothing and never calls the completion). The picker opens with the \
      current selection checked; --add and --remove toggle ids; Done (the default) replaces \
      the selection, --cancel keeps the old one. An empty selection is allowed. --add takes \
      only ids of existing assets and --remove only selected ids (else exit 1, nothing \
      changes). iOS 13 has no limited picker. Prints the selection and the newly added ids \
      (what the iOS 15+ completion reports).
      """
  )

  @OptionGroup var global: GlobalOptions

  @Option(parsing: .upToNextOption, help: "Asset ids to check.") var add: [String] = []
  @Option(parsing: .upToNextOption, help: "Asset ids to uncheck.") var remove: [String] = []
  @Flag(help: "Tap Cancel instead of Done: the selection stays as it was.") var cancel = false
  @Flag(help: "Print one JSON object.") var json = false

  struct Output: Encodable {
    var selection: [String]
    var added: [String]
    var cancelled: Bool
  }

  func run() throws {
    do {
      let session = try global.makeSession()
      // A folder library's ids are looked up in its index, not in a list of the library, and
      // only when the picker opens (see `PhotoLibrarySession.editLimitedSelection`).
      guard
        let added = try session.editLimitedSelection(
          adding: add, removing: remove, cancel: cancel)
      else {
        throw CLIError.failed(
          "the limited picker opens only while read/write is limited; it is "
            + "\(try session.authorizationStatus(for: .readWrite)) — nothing changed")
      }
      let selection = try session.state().limitedSelection.sorted()
      if json {
        try JSONOutput.print(Output(selection: selection, added: added, cancelled: cancel))
      } else {
        print(cancel ? "Cancelled: the selection is unchanged." : "Done.")
        print(
          "selection: \(selection.isEmpty ? "(none)" : "\(name: selection.joined(separator: ", "))")"
        )
        if !added.isEmpty { print("newly added: \(name: added.joined(separator: ", "))") }
      }
    } catch {
      throw CLIError.from(error)
    }
  }
}
