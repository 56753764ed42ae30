import ArgumentParser
import Foundation
import ImageDecoding
import TerminalUI

/// The `photogate` command: a folder-backed iOS photo library, its permission model, a picker
/// and a terminal gallery. Each subcommand is a small type in `Commands/`; this file only
/// registers them and maps errors to the documented exit codes (0 ok, 1 failed,
/// 2 bad usage or unanswered prompt, 3 the simulated app was terminated).
@main
struct Photogate: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "photogate",
    abstract: "Emulate the iOS photo library and its permissions on a folder of images.",
    discussion: """
      A folder of images stands in for the iOS photo library. PhotoGate reproduces how iOS \
      guards it (notDetermined, restricted, denied, authorized, limited; add-only and \
      read/write; prompts, Settings, the limited picker) and shows it in a terminal gallery.

      'photogate' alone browses the library (--library, else $PHOTOGATE_LIBRARY, else the \
      checkout's SampleImages/, else the Pictures folder); 'photogate DIR' browses DIR. \
      Options go after the command's name: 'photogate status --state-dir DIR'. Shell \
      completion: 'photogate --generate-completion-script bash|zsh|fish'.
      """,
    version: PhotogateVersion.string,
    subcommands: [
      BrowseCommand.self, PickCommand.self, ShowCommand.self,
      ThumbnailCommand.self, ThumbsCommand.self,
      StatusCommand.self, RequestCommand.self, SettingsCommand.self, PrivacyCommand.self,
      RestrictCommand.self, SelectCommand.self, AssetsCommand.self, AlbumsCommand.self,
      FavoriteCommand.self, HideCommand.self, CloudCommand.self, SaveCommand.self,
      ChangesCommand.self,
      SnapshotCommand.self, MatrixCommand.self, LintCommand.self,
    ],
    defaultSubcommand: BrowseCommand.self
  )

  static func main() async {
    // A helper of the movie frame service: this program started again to decode posters.
    if CommandLine.arguments.dropFirst() == [MovieFrameService.helperArgument] {
      Foundation.exit(MovieFrameService.serve())
    }
    MovieFrameService.current = .runningProgram(named: CommandLine.arguments.first ?? "photogate")
    let router = CommandLineRouter(root: Photogate.self)
    let arguments: [String]
    var moved: [String] = []
    var commandName: String?
    switch router.route(Array(CommandLine.arguments.dropFirst()), isFolder: Self.isFolder) {
    case .refuse(let message):
      StandardError.write("photogate: \(message)\n")
      Foundation.exit(2)
    case .parse(let routed, let options, let command):
      arguments = routed
      moved = options
      commandName = command
    }
    do {
      var command = try parseAsRoot(arguments)
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let error as CLIError {
      StandardError.write("photogate: \(error.message)\n")
      Foundation.exit(error.exitCode)
    } catch {
      let code = exitCode(for: error)
      if code == .validationFailure {
        // Bad usage exits 2, as documented, rather than ArgumentParser's 64.
        var message = Self.escapingLines(fullMessage(for: error))
        if let commandName, !moved.isEmpty {
          message +=
            "\n(options go after the command name: 'photogate \(commandName) "
            + TerminalSafe.escape(moved.joined(separator: " "))
            + " …'; 'photogate help \(commandName)' lists "
            + "the options it takes)"
        }
        StandardError.write(message + "\n")
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }

  /// The parser's `message` (which quotes the arguments it refuses) escaped line by line (see
  /// ``TerminalSafe``), so that a value with an escape sequence is shown, not acted on.
  static func escapingLines(_ message: String) -> String {
    message.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TerminalSafe.escape(String($0)) }.joined(separator: "\n")
  }

  /// Whether `path` names an existing folder (so that `photogate DIR` browses it).
  static func isFolder(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      && isFolder.boolValue
  }
}
