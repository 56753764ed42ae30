/// The Settings app's page for this app's Photos access (Settings › App › Photos), as the
/// permission model describes it (PERMISSIONS.md §5).
///
/// It has 2, 3 or 4 options depending on which levels the app ever requested, labels per iOS
/// version, the current value checked, and cannot be changed when access is restricted.
public struct SettingsScreen: Sendable, Equatable, Codable {
  /// The option labels, top to bottom; empty when the app has no Photos row yet.
  public var options: [String]
  /// The checked option, if any.
  public var value: String?
  /// False when restricted: the row is shown greyed out.
  public var isEditable: Bool
  /// Whether "Edit Selected Photos" shows under the options (the value is limited access).
  public var canEditSelection: Bool

  /// The label of the button that leaves Settings without a change.
  public static let backLabel = "Back"
  /// The label of the link that opens the limited-library picker from Settings.
  public static let editSelectionLabel = "Edit Selected Photos"

  public init(
    options: [String], value: String?, isEditable: Bool = true, canEditSelection: Bool = false
  ) {
    self.options = options
    self.value = value
    self.isEditable = isEditable
    self.canEditSelection = canEditSelection
  }
}
