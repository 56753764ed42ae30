import ArgumentParser
import Foundation
import PhotoLibrary
import TerminalUI

/// `photogate changes`: scripted library changes, as another app (Photos, iCloud, a camera
/// import) makes them while apps observe the library.
struct ChangesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "changes",
    abstract: "Apply a script of library changes, one notice per transaction.",
    discussion: """
      A script inserts, deletes, modifies and moves photos, sets favourites and hidden \
      flags and creates, renames and deletes albums, grouped into 'transaction … end' blocks \
      with 'wait 500ms' between them. Every app observing the library (a running 'photogate \
      browse', PhotoKitCompat devices) hears each transaction as one change. The format is in \
      docs/library-changes.md.
      """,
    subcommands: [ChangesApplyCommand.self, ChangesCheckCommand.self]
  )
}

/// The options `changes apply` and `changes check` share.
struct ChangeScriptOptions: ParsableArguments {
  @Argument(help: "The script of changes.") var script: String
  @OptionGroup var libraryOptions: LibraryOptions
  @Option(
    name: .customLong("state-dir"),
    help: ArgumentHelp(
      "Where per-app permission state and the library's favourites are kept (default "
        + "$PHOTOGATE_STATE_DIR, else $XDG_STATE_HOME/photogate).", valueName: "DIR"))
  var stateDir: String?
  @Option(
    name: .customLong("ios"), parsing: .unconditional,
    help: "Which iOS the observing apps run (their access): 13|14|15|16|17|18|26.")
  var ios: IOSVersion = .newest
  @Flag(help: "Print one JSON object.") var json = false

  /// The state folder, as every command finds it.
  func stateDirectoryURL() -> URL {
    var app = AppOptions()
    app.stateDir = stateDir
    return app.stateDirectoryURL()
  }

  /// The script read and checked against the library: the plan (nothing is changed).
  func plan() throws -> ChangeScriptPlan {
    let root = try libraryOptions.checkedLibraryURL()
    let url = URL(fileURLWithPath: script)
    let text = try Self.read(url)
    do {
      let parsed = try ChangeScript.parse(
        text, file: script, baseDirectory: url.deletingLastPathComponent())
      let library = FolderLibrary(
        root: root,
        attributesStore: LibraryAttributesStore(library: root, stateDirectory: stateDirectoryURL()))
      return try ChangeScriptPlan(parsed, library: library)
    } catch {
      throw CLIError.failed(TerminalSafe.escape("\(error)"))
    }
  }

  /// The script's text: a regular file of at most ``ChangeScript/longestText`` bytes of
  /// UTF-8, read through the library's bounded reader (a folder, FIFO or device is refused
  /// without being opened for reading, and a file growing meanwhile is not read past the limit).
  static func read(_ url: URL) throws -> String {
    let path = url.path
    guard FileContents.exists(url) else {
      throw CLIError.failed("\(name: path): no such script")
    }
    let data: Data
    do {
      data = try FileContents.data(of: url, limit: ChangeScript.longestText)
    } catch {
      throw CLIError.failed("\(name: path): \(error.reason)")
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw CLIError.failed("\(name: path): not UTF-8 text")
    }
    return text
  }
}

/// `photogate changes apply SCRIPT`: applies it (or, `--dry-run`, prints what each app
/// would hear and changes nothing).
struct ChangesApplyCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "apply",
    abstract: "Apply a script of changes to the library (--dry-run: only say what it would do).",
    discussion: """
      The whole script is checked against the library first: an unknown id, a taken name or \
      a file that is not an image stops it before anything changes. Each transaction is then \
      applied and announced as one change. With --dry-run nothing is written: for every app \
      with a state file, each transaction prints what its change observers would receive.
      """
  )
  @OptionGroup var options: ChangeScriptOptions
  @Flag(help: "Change nothing; print what each app would hear.") var dryRun = false

  func run() async throws {
    let plan = try options.plan()
    let previews = plan.observerPreviews(
      stateDirectory: options.stateDirectoryURL(), ios: options.ios)
    let report = ChangesReport(plan: plan, previews: previews, dryRun: dryRun)
    if !dryRun {
      do {
        let quiet = options.json
        try await plan.apply(
          waiting: { duration in
            if !quiet { print("wait \(ChangesReport.format(duration))") }
            try await Task.sleep(for: duration)
          },
          afterTransaction: { planned in
            if !quiet { print(report.text(for: planned)) }
          })
      } catch {
        throw CLIError.failed(TerminalSafe.escape("\(error)"))
      }
    }
    if options.json {
      try JSONOutput.print(report.json)
    } else if dryRun {
      print(report.dryRunText)
    } else {
      print("applied \(report.transactionCount) to \(name: plan.library.root.path)")
    }
  }
}

/// `photogate changes check SCRIPT`: reads the script and checks it against the library.
struct ChangesCheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check a script of changes against the library without applying it.")
  @OptionGroup var options: ChangeScriptOptions

  func run() throws {
    let plan = try options.plan()
    let report = ChangesReport(plan: plan, previews: [], dryRun: true)
    if options.json {
      try JSONOutput.print(report.json)
    } else {
      print("\(name: plan.script.source): \(report.transactionCount), valid")
    }
  }
}
