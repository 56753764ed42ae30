import Foundation

/// Matching a typed answer ("limited", "don't allow", "OK") to one of the prompt's buttons.
extension AuthorizationPrompt {
  /// The button a user means by `text`: a label, case-insensitively, with straight quotes and
  /// "..." accepted for ’ and …; or the word of a button's role (``word(for:)``: `allow`,
  /// `limited`, `deny`, `keep-add-only`, and a few synonyms). “OK” is a label, not a word: it
  /// presses only a button that reads OK, never the read/write prompt's full-access button.
  /// Nil when no button of this prompt matches.
  public func button(matching text: String) -> PromptButton? {
    let wanted = Self.normalized(text)
    if let exact = buttons.first(where: { Self.normalized($0.label) == wanted }) { return exact }
    let role: PromptButton.Role?
    switch wanted {
    case "allow", "all", "full": role = .allow
    case "deny", "no", "dont-allow", "don't-allow": role = .deny
    case "limited", "limit", "select": role = .limit
    case "keep-add-only", "keep": role = .keepAddOnly
    default: role = nil
    }
    guard let role else { return nil }
    if let button = button(role) { return button }
    // "deny" also presses Keep Add Only, the deny button of that prompt.
    return role == .deny ? button(.keepAddOnly) : nil
  }

  /// The short word that presses a button with `role` (see ``button(matching:)``).
  public static func word(for role: PromptButton.Role) -> String {
    switch role {
    case .allow: "allow"
    case .limit: "limited"
    case .deny: "deny"
    case .keepAddOnly: "keep-add-only"
    }
  }

  /// The answers this prompt accepts, for messages: its labels, then its buttons' words.
  public var acceptedAnswers: (labels: [String], words: [String]) {
    (buttons.map(\.label), buttons.map { Self.word(for: $0.role) })
  }

  /// The button for `answer`, if the prompt has one.
  public func button(for answer: PromptAnswer) -> PromptButton? {
    buttons.first { $0.answer == answer }
  }

  /// The button with `role`, if the prompt has one.
  public func button(_ role: PromptButton.Role) -> PromptButton? {
    buttons.first { $0.role == role }
  }

  static func normalized(_ text: String) -> String {
    text.lowercased()
      .replacingOccurrences(of: "’", with: "'")
      .replacingOccurrences(of: "…", with: "...")
      .trimmingCharacters(in: .whitespaces)
  }
}
