import ArgumentParser
import PhotoLibrary
import PickerCore

/// `photogate snapshot`: the picker screen for the current state, as the text (or JSON) the
/// snapshot tests use.
struct SnapshotCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snapshot",
    abstract: "Print the picker screen for the current state.",
    discussion: """
      Launches the sample picker once against --library with the stored state of \
      --app on --ios, and prints its screen: status, counts, buttons, the grid window, and \
      the overlay that is up (the system prompt when read/write is not determined, the \
      automatic limited-access alert when it is due). Nothing is answered and nothing is \
      stored: the snapshot never changes the app's state. A missing usage description shows \
      the "app terminated" notice and exits 3.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Flag(help: "Print the screen as one JSON object.") var json = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Grid columns, \(SnapshotCommand.columnsRange.text).", valueName: "N"))
  var columns = 4

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Visible grid rows, \(SnapshotCommand.rowsRange.text).", valueName: "N"))
  var rows = 3

  /// `--columns`.
  static let columnsRange = OptionRange(option: "--columns", lowerBound: 1, upperBound: 100)
  /// `--rows`.
  static let rowsRange = OptionRange(option: "--rows", lowerBound: 1, upperBound: 1000)

  func validate() throws {
    try Self.columnsRange.check(columns)
    try Self.rowsRange.check(rows)
  }

  func run() throws {
    let session: PhotoLibrarySession
    let cloud: CloudState
    do {
      // The same engine as every command, over a copy of the stored state in memory: the
      // snapshot never changes the app's state.
      let stored = try global.makeSession()
      session = PhotoLibrarySession(
        bundleID: stored.bundleID, ios: stored.ios, infoPlist: stored.infoPlist,
        backend: MemoryLibraryBackend(assets: try stored.backend.allAssets().array),
        store: MemoryAuthorizationStore([stored.bundleID: try stored.state()]))
      // The library's iCloud state, for the tiles' clouds as the gallery draws them.
      cloud = try stored.cloudState()
    } catch {
      throw CLIError.from(error)
    }
    var failure: (any Error)?
    var permissions = PermissionClient.live(session, onError: { failure = $0 })
    let readLibrary = permissions.readLibrary
    permissions.readLibrary = {
      var contents = readLibrary()
      contents.offloaded = cloud.offloaded
      return contents
    }
    let driver = PickerDriver(
      state: PickerState(configuration: PickerConfiguration(columns: columns, rows: rows)),
      environment: PickerEnvironment(permissions: permissions))
    driver.launch()
    if let failure { throw CLIError.from(failure) }
    let screen = driver.screen
    if json {
      try JSONOutput.print(screen)
    } else {
      print(screen.text, terminator: "")
    }
    if case .terminated(let reason, _) = driver.state.overlay {
      throw CLIError.terminated(CLIError.terminationMessage(reason))
    }
  }
}
