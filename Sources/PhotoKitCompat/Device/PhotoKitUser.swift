import PhotoLibrary

/// The person in front of the simulated device: answers permission prompts, the limited
/// picker and the automatic limited-access alert, and remembers what they were shown.
///
/// By default the answers come from a script (`answers`, `picks`, `alert`), consumed in
/// order; a prompt with no answer left stays up (its handler is never called, as on a device).
/// Any `AuthorizationResponder` can stand in for the script (the terminal dialogs of the
/// gallery, a test's closures); what it is shown and answers is recorded either way.
public final class PhotoKitUser: Sendable {
  /// How the user closes one limited-library picker.
  public enum PickerAnswer: Sendable, Equatable {
    /// Checks `adding`, unchecks `removing`, then taps Done.
    case done(adding: [String] = [], removing: [String] = [])
    /// Taps Cancel: the selection stays as it was.
    case cancel
  }

  /// Something the user saw or did, in order.
  public enum Event: Sendable, Equatable {
    /// A permission prompt and the answer given (nil: left unanswered).
    case prompt(AuthorizationPrompt, answer: PromptAnswer?)
    /// The limited picker opened on `selection` and closed with `outcome`.
    case limitedPicker(selection: Set<String>, outcome: LimitedPickerOutcome)
    /// The automatic limited-access alert and the choice made (nil: dismissed).
    case automaticAlert(LimitedAccessAlert, choice: LimitedAccessAlertChoice?)
    /// The deletion confirmation and the button tapped (nil: left unanswered).
    case deletion(DeletionPrompt, answer: DeletionPrompt.Role?)
    /// The confirmation before an edit is saved or reverted, and the button tapped (nil: left
    /// unanswered).
    case modification(ModificationPrompt, answer: ModificationPrompt.Role?)
    /// The system photo picker (`PHPickerViewController`) and the ids picked (nil: Cancel).
    case photoPicker(offered: [String], picked: [String]?)
  }

  struct Script {
    var answers: [PromptAnswer]
    var picks: [PickerAnswer]
    var alert: LimitedAccessAlertChoice?
    var deletions: [DeletionPrompt.Role] = []
    var modifications: [ModificationPrompt.Role] = []
    var photoPicks: [[String]?] = []
    var events: [Event] = []
  }

  private let script: LockedBox<Script>
  private let base: AuthorizationResponder?

  /// A scripted user: `answers` for the prompts in order, `picks` for the limited pickers in
  /// order (Done without changes when none is left), `alert` for every automatic alert.
  public init(
    answers: [PromptAnswer] = [], picks: [PickerAnswer] = [],
    alert: LimitedAccessAlertChoice? = .keepCurrentSelection
  ) {
    script = LockedBox(Script(answers: answers, picks: picks, alert: alert))
    base = nil
  }

  /// A user answering through `responder` (terminal dialogs, test closures).
  public init(responder: AuthorizationResponder) {
    script = LockedBox(Script(answers: [], picks: [], alert: nil))
    base = responder
  }

  /// Adds answers for the next prompts.
  public func willAnswer(_ answers: PromptAnswer...) {
    script.withLock { $0.answers += answers }
  }

  /// Adds answers for the next limited pickers.
  public func willPick(_ picks: PickerAnswer...) {
    script.withLock { $0.picks += picks }
  }

  /// Adds answers for the next deletion confirmations (`.delete` or `.dontAllow`); with none
  /// left, a confirmation stays up.
  public func willConfirmDeletion(_ answers: DeletionPrompt.Role...) {
    script.withLock { $0.deletions += answers }
  }

  /// Adds answers for the next confirmations of edits (“Allow “App” to modify this photo?”:
  /// `.modify` or `.dontAllow`); with none left, a confirmation stays up.
  public func willConfirmModification(_ answers: ModificationPrompt.Role...) {
    script.withLock { $0.modifications += answers }
  }

  /// Adds the ids to pick in the next system photo pickers (nil: tap Cancel); with none left,
  /// the picker is cancelled.
  public func willPickInPhotoPicker(_ picks: [String]?...) {
    script.withLock { $0.photoPicks += picks }
  }

  /// Answers a deletion confirmation from the script and records it.
  public func answer(_ prompt: DeletionPrompt) -> DeletionPrompt.Role? {
    let answer = script.withLock { $0.deletions.isEmpty ? nil : $0.deletions.removeFirst() }
    record(.deletion(prompt, answer: answer))
    return answer
  }

  /// Answers an edit's confirmation from the script and records it.
  public func answer(_ prompt: ModificationPrompt) -> ModificationPrompt.Role? {
    let answer = script.withLock {
      $0.modifications.isEmpty ? nil : $0.modifications.removeFirst()
    }
    record(.modification(prompt, answer: answer))
    return answer
  }

  /// Picks in the system photo picker showing `offered` (in order) from the script and
  /// records it: the scripted ids that are offered, or nil for Cancel.
  public func pickInPhotoPicker(offered: [String]) -> [String]? {
    let pick = script.withLock { $0.photoPicks.isEmpty ? nil : $0.photoPicks.removeFirst() }
    let picked = pick.map { $0.filter(offered.contains) }
    record(.photoPicker(offered: offered, picked: picked))
    return picked
  }

  /// The deletion confirmations shown so far.
  public var deletionPrompts: [DeletionPrompt] {
    events.compactMap { if case .deletion(let prompt, _) = $0 { prompt } else { nil } }
  }

  /// The confirmations of edits shown so far.
  public var modificationPrompts: [ModificationPrompt] {
    events.compactMap { if case .modification(let prompt, _) = $0 { prompt } else { nil } }
  }

  /// Everything shown so far, in order.
  public var events: [Event] { script.withLock { $0.events } }

  /// The permission prompts shown so far.
  public var prompts: [AuthorizationPrompt] {
    events.compactMap { if case .prompt(let prompt, _) = $0 { prompt } else { nil } }
  }

  /// The automatic limited-access alerts shown so far.
  public var automaticAlerts: [LimitedAccessAlert] {
    events.compactMap { if case .automaticAlert(let alert, _) = $0 { alert } else { nil } }
  }

  /// The limited pickers shown so far (the selection each opened on).
  public var limitedPickers: [Set<String>] {
    events.compactMap {
      if case .limitedPicker(let selection, _) = $0 { selection } else { nil }
    }
  }

  /// The responder the engine calls: answers as scripted (or by the given responder) and
  /// records what was shown.
  public var responder: AuthorizationResponder {
    AuthorizationResponder(
      answerPrompt: { prompt in
        let answer = self.base?.answerPrompt(prompt) ?? self.nextAnswer()
        self.record(.prompt(prompt, answer: answer))
        return answer
      },
      pickLimited: { session, library in
        let outcome = self.base?.pickLimited(session, library) ?? self.nextPick(session)
        self.record(.limitedPicker(selection: session.initialSelection, outcome: outcome))
        return outcome
      },
      answerAlert: { alert in
        let choice = self.base.map { $0.answerAlert(alert) } ?? self.script.current.alert
        self.record(.automaticAlert(alert, choice: choice))
        return choice
      })
  }

  private func record(_ event: Event) {
    script.withLock { $0.events.append(event) }
  }

  private func nextAnswer() -> PromptAnswer? {
    script.withLock { $0.answers.isEmpty ? nil : $0.answers.removeFirst() }
  }

  private func nextPick(_ session: LimitedPickerSession) -> LimitedPickerOutcome {
    let pick = script.withLock { $0.picks.isEmpty ? .done() : $0.picks.removeFirst() }
    var session = session
    switch pick {
    case .done(let adding, let removing):
      session.select(adding)
      session.deselect(removing)
      return session.done
    case .cancel:
      return session.cancel
    }
  }
}
