/// The Settings app's Photos row and what choosing an option stores (PERMISSIONS.md §5).
extension AuthorizationState {
  /// The options, by the levels ever requested: none → no row; add-only → Add Photos Only, None;
  /// read/write → Selected Photos, All Photos, None; both → all four. iOS 13: Never, Read and
  /// Write once anything was requested.
  public func settingsOptions(ios: IOSVersion) -> [SettingsOption] {
    let addOnlyAsked = requestedLevels.contains(.addOnly)
    let readWriteAsked = requestedLevels.contains(.readWrite)
    if !ios.hasAccessLevels {
      return addOnlyAsked || readWriteAsked ? [.none, .allPhotos] : []
    }
    switch (addOnlyAsked, readWriteAsked) {
    case (false, false): return []
    case (true, false): return [.addPhotosOnly, .none]
    case (false, true): return [.selectedPhotos, .allPhotos, .none]
    case (true, true): return [.addPhotosOnly, .selectedPhotos, .allPhotos, .none]
    }
  }

  /// The checked option (the "Settings shows" column of §3), or nil with no row.
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
  /// None → P denied (and A denied if add-only was ever requested); Add Photos Only → A
  /// authorized and P denied (P untouched when read/write was never requested); Selected Photos
  /// → P limited; All Photos → P authorized.
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
    let old = self
    switch option {
    case .none:
      // §5 as written: None always denies read/write (even for an app that only ever asked
      // for add-only), and add-only too once it was requested.
      readWrite = .denied
      if requestedLevels.contains(.addOnly) { addOnly = .denied }
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
