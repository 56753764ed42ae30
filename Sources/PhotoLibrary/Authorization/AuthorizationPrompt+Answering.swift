import Foundation

/// Matching a typed answer ("limited", "don't allow", "OK") to one of the prompt's buttons.
extension AuthorizationPrompt {
  /// The button a user means by `text`: a label, case-insensitively, with straight quotes and
  /// "..." accepted for ’ and …; or one of the words `ok`, `allow`, `all`, `deny`, `limited`,
  /// `keep-add-only`. Nil when no button of this prompt matches.
  public func button(matching text: String) -> PromptButton? {
    let wanted = Self.normalized(text)
    if let exact = buttons.first(where: { Self.normalized($0.label) == wanted }) { return exact }
    let answer: PromptAnswer?
    switch wanted {
    case "ok", "allow", "all", "full", "yes": answer = .allow
    case "deny", "no", "dont-allow", "don't-allow": answer = .deny
    case "limited", "limit", "select": answer = .limited
    case "keep-add-only", "keep":
      return button(.keepAddOnly)
    default: answer = nil
    }
    guard let answer else { return nil }
    return buttons.first { $0.answer == answer }
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
