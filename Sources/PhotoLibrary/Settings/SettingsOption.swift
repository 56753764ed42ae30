/// One option of the Settings app's Photos row for an app (Settings › App › Photos).
public enum SettingsOption: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
  case addPhotosOnly
  case selectedPhotos
  case allPhotos
  case none

  /// The label on `ios`: 14–16 "Add Photos Only", "Selected Photos", "All Photos", "None";
  /// 17+ renames "Limited Access" and "Full Access"; iOS 13 has "Read and Write" and "Never".
  public func label(ios: IOSVersion) -> String {
    switch (self, ios) {
    case (.addPhotosOnly, _): "Add Photos Only"
    case (.selectedPhotos, let ios) where ios >= .iOS17: "Limited Access"
    case (.selectedPhotos, _): "Selected Photos"
    case (.allPhotos, .iOS13): "Read and Write"
    case (.allPhotos, let ios) where ios >= .iOS17: "Full Access"
    case (.allPhotos, _): "All Photos"
    case (.none, .iOS13): "Never"
    case (.none, _): "None"
    }
  }

  /// The option whose label (on any iOS version, case-insensitively) or case name is `text`.
  public static func matching(_ text: String, ios: IOSVersion) -> SettingsOption? {
    let wanted = text.lowercased().trimmingCharacters(in: .whitespaces)
    let byLabel = allCases.first { $0.label(ios: ios).lowercased() == wanted }
    return byLabel
      ?? allCases.first { option in
        option.rawValue.lowercased() == wanted
          || IOSVersion.allCases.contains { option.label(ios: $0).lowercased() == wanted }
      }
  }
}
