/// The Photos row of Settings › App for one app, as a value.
public struct SettingsRow: Sendable, Equatable {
  /// The options, top to bottom (2, 3 or 4 of them on iOS 14+).
  public var options: [SettingsOption]
  /// The checked option.
  public var value: SettingsOption?
  /// False when restricted: the row is greyed out.
  public var isEditable: Bool
  /// "Edit Selected Photos" appears under the options when the value is Selected Photos.
  public var showsEditSelectedPhotos: Bool
  /// Where the row lives, as ``path(appName:ios:)`` spells it for the app (set by the session,
  /// which knows the app's name; nil for a row made without one).
  public var path: String?

  public init(
    options: [SettingsOption], value: SettingsOption?, isEditable: Bool,
    showsEditSelectedPhotos: Bool
  ) {
    self.options = options
    self.value = value
    self.isEditable = isEditable
    self.showsEditSelectedPhotos = showsEditSelectedPhotos
  }
}

extension SettingsRow {
  /// Where the row lives in the Settings app: "Settings › Apps › *App* › Photos" from iOS 18,
  /// "Settings › *App* › Photos" before; `appName` is the app's display name.
  public static func path(appName: String, ios: IOSVersion) -> String {
    ios >= .iOS18 ? "Settings › Apps › \(appName) › Photos" : "Settings › \(appName) › Photos"
  }
}
