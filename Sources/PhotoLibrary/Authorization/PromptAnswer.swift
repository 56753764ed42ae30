/// What a prompt button does, whatever its label says on a given iOS version.
public enum PromptAnswer: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
  /// “Don’t Allow”, or “Keep Add Only” when add-only is already authorized.
  case deny
  /// “OK” (iOS 13, add-only), “Allow Access to All Photos” (14–16), “Allow Full Access” (17+).
  case allow
  /// “Select Photos…” (14–16) or “Limit Access…” (17+): opens the limited picker at once.
  case limited
}
