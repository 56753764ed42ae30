import ArgumentParser
import Foundation

/// The `photogate` command: a folder-backed iOS photo library, its permission model, a picker
/// and a terminal gallery. Each subcommand is a small type in `Commands/`; this file only
/// registers them and maps errors to the exit codes of DESIGN.md (0 ok, 1 failed,
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
      """,
    version: PhotogateVersion.string,
    subcommands: [
      BrowseCommand.self, PickCommand.self, ShowCommand.self,
      ThumbnailCommand.self, ThumbsCommand.self,
      StatusCommand.self, RequestCommand.self, SettingsCommand.self, PrivacyCommand.self,
      RestrictCommand.self, SelectCommand.self, AssetsCommand.self, SaveCommand.self,
      SnapshotCommand.self, MatrixCommand.self, LintCommand.self,
    ],
    defaultSubcommand: BrowseCommand.self
  )

  static func main() async {
    do {
      var command = try parseAsRoot()
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
        // Bad usage exits 2, as DESIGN.md says, rather than ArgumentParser's 64.
        StandardError.write(fullMessage(for: error) + "\n")
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }
}
