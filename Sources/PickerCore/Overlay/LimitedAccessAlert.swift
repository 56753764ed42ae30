/// The automatic limited-access alert iOS shows on the first library access of a launch when
/// read/write is limited (PERMISSIONS.md §6), unless the Info.plist sets
/// `PHPhotoLibraryPreventAutomaticLimitedAccessAlert`.
public struct LimitedAccessAlert: Sendable, Equatable, Codable {
  /// The alert's title.
  public var title: String
  /// `NSPhotoLibraryUsageDescription`.
  public var message: String
  /// "Select More Photos…" (opens the limited picker) and "Keep Current Selection".
  public var buttons: [String]

  /// The label of the button that opens the limited-library picker.
  public static let selectMoreLabel = "Select More Photos…"
  /// The label of the button that dismisses the alert.
  public static let keepLabel = "Keep Current Selection"

  public init(
    title: String, message: String,
    buttons: [String] = [LimitedAccessAlert.selectMoreLabel, LimitedAccessAlert.keepLabel]
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}
