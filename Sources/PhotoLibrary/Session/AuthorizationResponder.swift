/// The user in front of the simulated device: answers prompts, the limited picker and the
/// automatic limited-access alert.
///
/// The command line answers from its flags, the gallery from the keyboard, tests from a script.
/// A struct of closures, so each caller builds the one it needs (see `.scripted`).
public struct AuthorizationResponder: Sendable {
  /// The answer to a permission prompt, or nil to leave it unanswered.
  public var answerPrompt: @Sendable (AuthorizationPrompt) -> PromptAnswer?
  /// Closes the limited picker, given what lists every asset of the library (the picker is
  /// system UI): called only by a responder that looks, so that one that picks by id lists
  /// nothing.
  public var pickLimited:
    @Sendable (LimitedPickerSession, _ library: () -> AssetList) -> LimitedPickerOutcome
  /// The choice in the automatic limited-access alert, or nil to dismiss it (keeps selection).
  public var answerAlert: @Sendable (LimitedAccessAlert) -> LimitedAccessAlertChoice?

  public init(
    answerPrompt: @escaping @Sendable (AuthorizationPrompt) -> PromptAnswer?,
    pickLimited:
      @escaping @Sendable (LimitedPickerSession, _ library: () -> AssetList) ->
      LimitedPickerOutcome,
    answerAlert: @escaping @Sendable (LimitedAccessAlert) -> LimitedAccessAlertChoice?
  ) {
    self.answerPrompt = answerPrompt
    self.pickLimited = pickLimited
    self.answerAlert = answerAlert
  }

  /// Always gives `answer`; the picker adds `pick` to the checked ids and taps Done (or Cancel
  /// when `cancelPicker`); the alert gets `alert`.
  public static func scripted(
    _ answer: PromptAnswer?, pick: [String] = [], cancelPicker: Bool = false,
    alert: LimitedAccessAlertChoice? = .keepCurrentSelection
  ) -> AuthorizationResponder {
    AuthorizationResponder(
      answerPrompt: { _ in answer },
      pickLimited: { session, _ in
        var session = session
        session.select(pick)
        return cancelPicker ? session.cancel : session.done
      },
      answerAlert: { _ in alert })
  }

  /// Leaves every prompt unanswered, cancels pickers, dismisses alerts.
  public static let unanswered = scripted(nil, cancelPicker: true, alert: nil)
}
