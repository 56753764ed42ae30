/// The services of `xcrun simctl privacy`, plus the limited state simctl cannot set.
public enum PrivacyService: String, Sendable, Equatable, CaseIterable, Codable {
  /// Read/write (`photos`).
  case photos
  /// Add-only (`photos-add`).
  case photosAdd = "photos-add"
  /// Read/write limited (`photos-limited`), which the simulator tool cannot set.
  case photosLimited = "photos-limited"
}

/// What `privacy` does to a service.
public enum PrivacyAction: String, Sendable, Equatable, CaseIterable, Codable {
  case grant
  case revoke
  case reset
}

extension AuthorizationState {
  /// Sets a decision directly, as `simctl privacy` does, without any prompt.
  ///
  /// grant/revoke store authorized (limited for `photos-limited`) / denied and record the level
  /// as requested, so Settings shows the row a device would; reset forgets the decision and the
  /// request (for read/write also the selection and the app's creations). Restriction is a device
  /// setting and is left alone (use `restrict`).
  public mutating func apply(_ action: PrivacyAction, to service: PrivacyService) {
    let level: AccessLevel = service == .photosAdd ? .addOnly : .readWrite
    switch action {
    case .grant, .revoke:
      requestedLevels.insert(level)
      switch (service, action) {
      case (.photosAdd, .grant): addOnly = .authorized
      case (.photosAdd, _): addOnly = .denied
      case (.photos, .grant): readWrite = .authorized
      case (.photosLimited, .grant): readWrite = .limited
      default: readWrite = .denied
      }
    case .reset:
      requestedLevels.remove(level)
      if level == .addOnly {
        addOnly = .unset
      } else {
        readWrite = .unset
        limitedSelection = []
        createdAssetIDs = []
        assetFiles = AssetFileRecords()
      }
    }
  }

  /// `privacy reset` with no service: back to the first launch (restriction kept).
  public mutating func resetAll() {
    self = AuthorizationState(isRestricted: isRestricted)
  }
}
