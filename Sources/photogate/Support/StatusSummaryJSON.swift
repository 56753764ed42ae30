import PhotoLibrary

/// The statuses after a change made from outside the app (`privacy`, `restrict`), as JSON.
struct StatusSummaryJSON: Encodable {
  var app: String
  var legacy: String
  /// Null on iOS 13, which has no access levels.
  var addOnly: NullableString
  var readWrite: NullableString
  var restricted: Bool

  init(app: String, state: AuthorizationState, ios: IOSVersion) {
    self.app = app
    legacy = "\(state.legacyStatus)"
    let levels = ios.hasAccessLevels
    addOnly = NullableString(levels ? "\(state.status(for: .addOnly))" : nil)
    readWrite = NullableString(levels ? "\(state.status(for: .readWrite))" : nil)
    restricted = state.isRestricted
  }
}
