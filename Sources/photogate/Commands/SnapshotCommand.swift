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
      Launches the picker of seeds 002/004 once against --library with the stored state of \
      --app on --ios, and prints its screen: status, counts, buttons, the grid window, and \
      the overlay that is up (the system prompt when read/write is not determined, the \
      automatic limited-access alert when it is due). Nothing is answered and nothing is \
      stored: the snapshot never changes the app's state. A missing usage description shows \
      the "app terminated" notice and exits 3.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Flag(help: "Print the screen as one JSON object.") var json = false

  @Option(help: "Grid columns.") var columns = 4

  @Option(help: "Visible grid rows.") var rows = 3

  func validate() throws {
    guard (1...100).contains(columns), (1...1000).contains(rows) else {
      throw ValidationError("--columns must be 1…100 and --rows 1…1000")
    }
  }

  func run() throws {
    let simulator: PermissionSimulator
    do {
      let session = try global.makeSession()
      simulator = PermissionSimulator(
        authorization: try session.state(), infoPlist: session.infoPlist, ios: session.ios,
        bundleID: session.bundleID, assets: try session.backend.allAssets())
    } catch {
      throw CLIError.from(error)
    }
    let driver = PickerDriver(
      state: PickerState(configuration: PickerConfiguration(columns: columns, rows: rows)),
      environment: PickerEnvironment(permissions: .simulated(simulator)))
    driver.launch()
    let screen = driver.screen
    print(json ? screen.json() : screen.text, terminator: "")
    if case .terminated(let reason, _) = driver.state.overlay {
      throw CLIError.terminated(CLIError.terminationMessage(reason))
    }
  }
}
