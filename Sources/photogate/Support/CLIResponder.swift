import Foundation
import PhotoLibrary
import TerminalUI

/// Answers the simulated device's prompts from command-line flags, printing each prompt and
/// alert as it appears (prompts on stdout unless JSON is wanted, alerts on stderr).
///
/// Sendable by hand (`@unchecked`): the answers and what was shown are touched only under `lock`.
final class CLIResponder: @unchecked Sendable {
  private let lock = NSLock()
  private var answers: [String]
  private let picks: [String]
  private let alertChoice: LimitedAccessAlertChoice
  private let printPrompts: Bool
  /// Every prompt shown, in order, with the label typed for it (nil: unanswered).
  private(set) var shownPrompts: [(AuthorizationPrompt, String?)] = []
  /// A typed answer that matched no button of its prompt.
  private(set) var unmatchedAnswer: String?

  /// `answers` are used one per prompt, in order; `picks` are checked in the limited picker
  /// before Done; `alert` answers the automatic limited-access alert.
  init(
    answers: [String], picks: [String], alert: LimitedAccessAlertChoice, printPrompts: Bool
  ) {
    self.answers = answers
    self.picks = picks
    self.alertChoice = alert
    self.printPrompts = printPrompts
  }

  var responder: AuthorizationResponder {
    AuthorizationResponder(
      answerPrompt: { prompt in self.answer(prompt) },
      pickLimited: { session, _ in
        var session = session
        session.select(self.picks)
        if self.printPrompts {
          print(
            "Limited picker: checked \(name: session.selection.sorted().joined(separator: ", ")); Done"
          )
        }
        return session.done
      },
      answerAlert: { alert in
        StandardError.write(PromptText.alert(alert, choice: self.alertChoice))
        return self.alertChoice
      })
  }

  private func answer(_ prompt: AuthorizationPrompt) -> PromptAnswer? {
    let typed: String? = lock.withLock { answers.isEmpty ? nil : answers.removeFirst() }
    if printPrompts { print(PromptText.prompt(prompt), terminator: "") }
    guard let typed else {
      lock.withLock { shownPrompts.append((prompt, nil)) }
      return nil
    }
    guard let button = prompt.button(matching: typed) else {
      lock.withLock {
        shownPrompts.append((prompt, nil))
        unmatchedAnswer = typed
      }
      return nil
    }
    lock.withLock { shownPrompts.append((prompt, button.label)) }
    if printPrompts { print("Answer: \(button.label)") }
    return button.answer
  }

  /// Every prompt shown so far, as JSON, with its answer (null: unanswered).
  var promptsJSON: [PromptJSON] {
    lock.withLock { shownPrompts.map { PromptJSON($0.0, answer: $0.1) } }
  }

  /// The prompt that was shown and left unanswered, if any.
  var unansweredPrompt: AuthorizationPrompt? {
    lock.withLock { shownPrompts.last { $0.1 == nil }?.0 }
  }

  /// The error for a prompt left unanswered: exit 2, listing only the buttons of that prompt
  /// (and the words that press them).
  func unansweredError(_ prompt: AuthorizationPrompt) -> CLIError {
    let accepted = prompt.acceptedAnswers
    let buttons =
      accepted.labels.joined(separator: " · ")
      + " (or \(accepted.words.joined(separator: ", ")))"
    if let typed = lock.withLock({ unmatchedAnswer }) {
      return .usage("'\(typed)' is not a button of this prompt; its buttons are: \(buttons)")
    }
    return .usage("a prompt is waiting for an answer: rerun with --answer and one of: \(buttons)")
  }
}
