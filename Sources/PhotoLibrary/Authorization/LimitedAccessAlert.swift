/// The automatic limited-access alert iOS shows at the first library access of a launch while
/// read/write is limited (docs/permission-model.md#limited-access).
///
/// Mirrors the alert that `PHPhotoLibraryPreventAutomaticLimitedAccessAlert` suppresses.
public struct LimitedAccessAlert: Sendable, Equatable, Codable {
  public var title: String
  /// `NSPhotoLibraryUsageDescription`.
  public var message: String

  public init(appName: String, message: String) {
    title = "“\(appName)” Would Like to Access Your Photos"
    self.message = message
  }

  /// The buttons by what they do, top to bottom.
  public static let choices: [LimitedAccessAlertChoice] = [
    .selectMorePhotos, .keepCurrentSelection,
  ]

  /// The buttons' words: "Select More Photos…" then "Keep Current Selection".
  public var buttons: [String] { Self.choices.map(\.label) }

  public static let selectMore = LimitedAccessAlertChoice.selectMorePhotos.label
  public static let keepCurrent = LimitedAccessAlertChoice.keepCurrentSelection.label

  /// The choice matching `text` (a label, case-insensitive, "..." for …, or `select`/`keep`).
  public static func choice(matching text: String) -> LimitedAccessAlertChoice? {
    let wanted = AuthorizationPrompt.normalized(text)
    switch wanted {
    case AuthorizationPrompt.normalized(selectMore), "select", "select-more", "more":
      return .selectMorePhotos
    case AuthorizationPrompt.normalized(keepCurrent), "keep", "keep-current":
      return .keepCurrentSelection
    default: return nil
    }
  }
}

/// The user's choice in the automatic limited-access alert.
public enum LimitedAccessAlertChoice: String, Sendable, Equatable, Hashable, CaseIterable,
  Codable
{
  /// Opens the limited picker.
  case selectMorePhotos
  case keepCurrentSelection

  /// The button's words, exactly as iOS spells them.
  public var label: String {
    switch self {
    case .selectMorePhotos: "Select More Photos…"
    case .keepCurrentSelection: "Keep Current Selection"
    }
  }
}
