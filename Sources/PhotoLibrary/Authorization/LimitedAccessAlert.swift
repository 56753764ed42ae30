/// The automatic limited-access alert iOS shows at the first library access of a launch while
/// read/write is limited (PERMISSIONS.md §6).
///
/// Mirrors the alert that `PHPhotoLibraryPreventAutomaticLimitedAccessAlert` suppresses.
public struct LimitedAccessAlert: Sendable, Equatable, Codable {
  public var title: String
  /// `NSPhotoLibraryUsageDescription`.
  public var message: String
  /// "Select More Photos…" then "Keep Current Selection".
  public var buttons: [String]

  public init(appName: String, message: String) {
    title = "“\(appName)” Would Like to Access Your Photos"
    self.message = message
    buttons = [Self.selectMore, Self.keepCurrent]
  }

  public static let selectMore = "Select More Photos…"
  public static let keepCurrent = "Keep Current Selection"

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
public enum LimitedAccessAlertChoice: String, Sendable, Equatable, CaseIterable, Codable {
  /// Opens the limited picker.
  case selectMorePhotos
  case keepCurrentSelection
}
