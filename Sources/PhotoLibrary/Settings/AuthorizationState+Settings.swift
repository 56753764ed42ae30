/// The Settings app's Photos row and what choosing an option stores
/// (docs/permission-model.md#settings-app).
extension AuthorizationState {
  /// The options, top to bottom, by the levels ever requested: none → no row; add-only → Add
  /// Photos Only, None; read/write → Selected Photos, All Photos, None; both → all four. From
  /// iOS 17 None comes first: None, Add Photos Only, Limited Access, Full Access. iOS 13 has one
  /// level: Never, Read and Write once read/write (the legacy call) was requested.
  public func settingsOptions(ios: IOSVersion) -> [SettingsOption] {
    let addOnlyAsked = requestedLevels.contains(.addOnly)
    let readWriteAsked = requestedLevels.contains(.readWrite)
    if !ios.hasAccessLevels {
      return readWriteAsked ? [.none, .allPhotos] : []
    }
    var options: [SettingsOption] = []
    if addOnlyAsked { options.append(.addPhotosOnly) }
    if readWriteAsked { options += [.selectedPhotos, .allPhotos] }
    guard !options.isEmpty else { return [] }
    return ios >= .iOS17 ? [.none] + options : options + [.none]
  }

  /// The checked option (the "Settings shows" column of the derivation table), or nil with no
  /// row.
  public func settingsValue(ios: IOSVersion) -> SettingsOption? {
    guard !settingsOptions(ios: ios).isEmpty else { return nil }
    switch readWrite {
    case .limited: return ios.hasAccessLevels ? .selectedPhotos : .allPhotos
    case .authorized: return .allPhotos
    case .unset, .denied:
      return ios.hasAccessLevels && addOnly == .authorized ? .addPhotosOnly : SettingsOption.none
    }
  }

  /// The whole row, or nil when the app has never asked (no Photos row). A restricted app shows
  /// the row greyed out.
  public func settingsRow(ios: IOSVersion) -> SettingsRow? {
    let options = settingsOptions(ios: ios)
    guard !options.isEmpty || isRestricted else { return nil }
    let value = settingsValue(ios: ios)
    return SettingsRow(
      options: options, value: value, isEditable: !isRestricted,
      showsEditSelectedPhotos: value == .selectedPhotos)
  }

  /// Chooses `option` in Settings. Returns the termination of the running app when the value
  /// changed, nil when it was already chosen.
  ///
  /// Tapping the option already checked changes nothing. None → P denied if read/write was ever
  /// requested, A denied if add-only was ever requested (so on the row of an app that only asked
  /// for add-only, read/write stays notDetermined); Add Photos Only → A authorized and P denied
  /// (P untouched when read/write was never requested); Selected Photos → P limited; All Photos
  /// → P authorized.
  public mutating func chooseInSettings(
    _ option: SettingsOption, ios: IOSVersion
  ) throws(SettingsError) -> AppTermination? {
    if isRestricted { throw .restricted }
    let options = settingsOptions(ios: ios)
    guard !options.isEmpty else { throw .noPhotosRow }
    guard options.contains(option) else {
      throw .notAnOption(option.label(ios: ios), options.map { $0.label(ios: ios) })
    }
    let before = settingsValue(ios: ios)
    guard option != before else { return nil }
    let old = self
    switch option {
    case .none:
      if requestedLevels.contains(.readWrite) { readWrite = .denied }
      if ios.hasAccessLevels && requestedLevels.contains(.addOnly) { addOnly = .denied }
    case .addPhotosOnly:
      addOnly = .authorized
      if requestedLevels.contains(.readWrite) { readWrite = .denied }
    case .selectedPhotos: readWrite = .limited
    case .allPhotos: readWrite = .authorized
    }
    guard self != old else { return nil }
    return .settingsChanged(from: before, to: option)
  }
}

/// Why a Settings choice was refused.
public enum SettingsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Parental controls: the row is greyed out.
  case restricted
  /// The app never asked for photos, so Settings has no Photos row.
  case noPhotosRow
  /// The label is not one of the row's options (which are listed).
  case notAnOption(String, [String])

  public var description: String {
    switch self {
    case .restricted:
      "Photos access is restricted (parental controls); Settings cannot change it"
    case .noPhotosRow:
      "Settings has no Photos row for this app: it has never requested photo access"
    case .notAnOption(let label, let options):
      "'\(label)' is not an option here; the options are: \(options.joined(separator: ", "))"
    }
  }
}
