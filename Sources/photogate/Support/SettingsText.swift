import PhotoLibrary

/// The Settings app's Photos row as one line of text.
enum SettingsText {
  /// "Add Photos Only · [Selected Photos] · All Photos · None", or "no Photos row".
  static func row(_ row: SettingsRow?, ios: IOSVersion) -> String {
    guard let row else { return "no Photos row (the app has never requested access)" }
    let options = row.options.map { option in
      let label = option.label(ios: ios)
      return option == row.value ? "[\(label)]" : label
    }
    var text = options.joined(separator: " · ")
    if !row.isEditable { text += " (greyed out: restricted)" }
    if row.showsEditSelectedPhotos { text += " — Edit Selected Photos" }
    return text
  }
}
