import ArgumentParser
import Foundation
import PhotoLibrary
import TerminalUI

/// `photogate save`: the "save as much as possible" flow.
struct SaveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "save",
    abstract: "Save a file as much as the app may: album, camera roll, or nothing.",
    discussion: """
      read/write authorized → into --album (created if needed; without --album, the camera \
      roll); read/write notDetermined → request it and re-check; add-only authorized or \
      limited → the camera roll; add-only notDetermined → request it and re-check; else \
      nothing. Each prompt takes the next --answer (repeat the option for several prompts); \
      a prompt with no answer left exits 2. The file (it must exist and be an image) and the \
      album name are checked before any prompt, so a bad input stores no answer. The file is \
      copied atomically under a name that never overwrites; under limited it joins the \
      selection.
      """
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var interaction: InteractionOptions

  @Argument(help: "The image file to save.") var file: String
  @Option(help: "The album to save into when read/write is authorized.") var album: String?
  @Option(help: "The button to press for each prompt, in order (repeatable).")
  var answer: [String] = []
  @Flag(help: "Print {outcome, path, prompts} as JSON.") var json = false

  struct Output: Encodable {
    var outcome: String
    var path: NullableString
    var prompts: [PromptJSON]
  }

  func run() throws {
    let url = URL(fileURLWithPath: file)
    let cli = CLIResponder(
      answers: answer, picks: interaction.select, alert: interaction.alert.choice,
      printPrompts: !json)
    let report: SaveReport
    do {
      let session = try global.makeSession(responder: cli.responder)
      // One look at the library for the ids checked, the prompt's count and the picker's ids
      // (the saved file makes the next lookup look again).
      report = try session.withOneLook {
        try session.checkAssetsExist(interaction.select)
        return try session.save(fileAt: url, album: album)
      }
    } catch PhotoLibraryError.promptUnanswered(let prompt) {
      if json {
        try JSONOutput.print(
          Output(
            outcome: SaveOutcome.nothing.rawValue, path: NullableString(nil),
            prompts: cli.promptsJSON))
      }
      throw cli.unansweredError(prompt)
    } catch {
      throw CLIError.from(error)
    }
    let path = report.asset?.url.path
    if json {
      try JSONOutput.print(
        Output(
          outcome: report.outcome.rawValue, path: NullableString(path),
          prompts: cli.promptsJSON))
      return
    }
    switch report.outcome {
    case .album: print("Saved to the album '\(name: album ?? "")': \(name: path ?? "")")
    case .cameraRoll: print("Saved to the camera roll: \(name: path ?? "")")
    case .nothing: print("Nothing saved: the app may not add photos.")
    }
  }
}
