/// One button of the system permission prompt: what it is (its ``Role``) and the words iOS
/// shows for it, looked up from the role in ``label(for:ios:level:)``.
public struct PromptButton: Sendable, Equatable, Hashable, Codable {
  /// What the button is, whatever its words on a given iOS version.
  public enum Role: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// “OK” (iOS 13, add-only), “Allow Access to All Photos” (14–16), “Allow Full Access”
    /// (17+).
    case allow
    /// “Select Photos…” (14–16) or “Limit Access…” (17+): opens the limited picker at once.
    case limit
    /// “Don’t Allow”.
    case deny
    /// “Keep Add Only”: the read/write prompt's deny when add-only is already authorized.
    case keepAddOnly

    /// What pressing it stores.
    public var answer: PromptAnswer {
      switch self {
      case .allow: .allow
      case .limit: .limited
      case .deny, .keepAddOnly: .deny
      }
    }
  }

  public var role: Role
  /// The words shown, from ``label(for:ios:level:)``.
  public var label: String

  /// The button for `role` in a prompt for `level` on `ios`.
  public init(_ role: Role, ios: IOSVersion, level: AccessLevel) {
    self.role = role
    label = Self.label(for: role, ios: ios, level: level)
  }

  /// What pressing it stores.
  public var answer: PromptAnswer { role.answer }

  /// The words iOS shows for `role` in a prompt for `level` on `ios`, exactly as iOS spells
  /// them (curly quotes, ellipsis character).
  public static func label(for role: Role, ios: IOSVersion, level: AccessLevel) -> String {
    typealias Label = AuthorizationPrompt.Label
    let readWriteOptions = ios.hasAccessLevels && level == .readWrite
    switch role {
    case .deny: return Label.dontAllow
    case .keepAddOnly: return Label.keepAddOnly
    case .allow:
      guard readWriteOptions else { return Label.ok }
      return ios >= .iOS17 ? Label.allowFullAccess : Label.allowAllPhotos
    case .limit:
      return ios >= .iOS17 ? Label.limitAccess : Label.selectPhotos
    }
  }
}
