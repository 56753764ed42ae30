/// The Settings app, the simulator's privacy tool and parental controls, acting on this app.
extension PhotoLibrarySession {
  /// The app's Photos row in Settings, or nil when there is none.
  public func settingsRow() throws -> SettingsRow? {
    guard var row = try state().settingsRow(ios: ios) else { return nil }
    row.path = SettingsRow.path(appName: infoPlist.appName(bundleID: bundleID), ios: ios)
    return row
  }

  /// Chooses `option` in Settings. When the value changes iOS terminates the app: the change is
  /// stored, this launch ends, and `.terminated(.settingsChanged)` is thrown (a new session is
  /// the relaunch). Choosing the current value returns normally.
  public func chooseInSettings(_ option: SettingsOption) throws {
    let termination = try write { state in
      try state.chooseInSettings(option, ios: ios)
    }
    guard let termination else { return }
    notify(.authorizationChanged)
    throw terminate(termination)
  }

  /// `simctl privacy grant|revoke|reset` for one service (no prompt, no termination).
  /// On iOS 13, which has neither limited access nor add-only, granting or revoking
  /// `photos-limited` or `photos-add` is refused with `.unavailable`.
  public func apply(_ action: PrivacyAction, to service: PrivacyService) throws {
    if !ios.hasAccessLevels && action != .reset && service != .photos {
      throw PhotoLibraryError.unavailable(
        "iOS 13 has neither limited access nor add-only: '\(action.rawValue) "
          + "\(service.rawValue)' exists from iOS 14 (use --ios 14 or later)")
    }
    try write { $0.apply(action, to: service) }
    notify(.authorizationChanged)
  }

  /// Back to the first-launch state (restriction kept). A damaged state file is deleted
  /// instead, so that reset is always the way out.
  public func resetAll() throws {
    do {
      try write { $0.resetAll() }
    } catch let error as StoreError
      where error.code == .damaged || error.code == .unsupportedVersion
    {
      guard let fileStore = store as? FileAuthorizationStore else { throw error }
      try fileStore.remove(bundleID: bundleID)
    }
    notify(.authorizationChanged)
  }

  /// Turns the parental-controls restriction on or off.
  public func setRestricted(_ restricted: Bool) throws {
    try write { $0.isRestricted = restricted }
    notify(.authorizationChanged)
  }
}
