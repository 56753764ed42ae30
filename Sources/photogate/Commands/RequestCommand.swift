import ArgumentParser
import PhotoLibrary
import TerminalUI

/// `photogate request`: calls requestAuthorization and answers the prompt if one appears.
struct RequestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "request",
    abstract: "Call requestAuthorization and answer the prompt if one appears.",
    discussion: """
      A prompt appears only when the level is notDetermined (never when restricted). It is \
      printed, then answered with --answer: a button label (case-insensitive; ' and ... \
      stand for ’ and …) or the word of a button: allow, limited, deny, keep-add-only (OK \
      presses only a button that reads OK). With no --answer the prompt is printed (as JSON \
      with --json) and the command exits 2 listing its buttons; nothing is stored. \
      Choosing limited opens the limited picker at once: --select ID... checks assets in it \
      before Done. A missing usage description terminates the app (exit 3). On iOS 13, \
      addOnly and readWrite act as the legacy call.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "readWrite, addOnly or legacy.")
  var level: AuthorizationRequest

  @Option(help: "The button to press if a prompt appears.") var answer: String?

  @Option(
    name: .customLong("select"), parsing: .upToNextOption,
    help: "Asset ids to check in the limited picker, if it opens.")
  var select: [String] = []

  @Flag(help: "Print one JSON object.") var json = false

  struct Output: Encodable {
    var prompted: Bool
    var prompt: PromptJSON?
    var answer: NullableString
    var status: String
    var addedToSelection: [String]

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(prompted, forKey: .prompted)
      try container.encode(prompt, forKey: .prompt)
      try container.encode(answer, forKey: .answer)
      try container.encode(status, forKey: .status)
      try container.encode(addedToSelection, forKey: .addedToSelection)
    }
    enum CodingKeys: String, CodingKey { case prompted, prompt, answer, status, addedToSelection }
  }

  func run() throws {
    let cli = CLIResponder(
      answers: answer.map { [$0] } ?? [], picks: select, alert: .keepCurrentSelection,
      printPrompts: !json)
    let report: RequestReport
    do {
      let session = try global.makeSession(responder: cli.responder)
      // One look at the library for the ids checked, the prompt's count and the picker's ids.
      report = try session.withOneLook {
        // The picker can only check assets that exist: refuse before anything is shown.
        try session.checkAssetsExist(select)
        return try session.requestAuthorization(level)
      }
    } catch PhotoLibraryError.promptUnanswered(let prompt) {
      if json {
        try JSONOutput.print(
          Output(
            prompted: true, prompt: PromptJSON(prompt, answer: nil),
            answer: NullableString(nil), status: "\(AuthorizationStatus.notDetermined)",
            addedToSelection: []))
      }
      throw cli.unansweredError(prompt)
    } catch {
      throw CLIError.from(error)
    }
    if json {
      try JSONOutput.print(
        Output(
          prompted: report.prompted,
          prompt: report.prompt.map { PromptJSON($0, answer: report.answer) },
          answer: NullableString(report.answer), status: "\(report.status)",
          addedToSelection: report.addedToSelection))
      return
    }
    if !report.prompted { print("No prompt (the status is already decided).") }
    if !report.addedToSelection.isEmpty {
      print("Added to the selection: \(name: report.addedToSelection.joined(separator: ", "))")
    }
    print("Status: \(report.status)")
  }
}

extension AuthorizationRequest: ExpressibleByArgument {
  public init?(argument: String) {
    guard
      let match = Self.allCases.first(where: { $0.rawValue.lowercased() == argument.lowercased() })
    else { return nil }
    self = match
  }
}
