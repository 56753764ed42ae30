/// The request → prompt → answer flow of docs/permission-model.md#requests-and-prompts, as pure
/// state transitions.
extension AuthorizationState {
  /// Starts `requestAuthorization` for `request`.
  ///
  /// Order of checks, as iOS: the Info.plist key (a missing key terminates the app; an add-only
  /// request without `NSPhotoLibraryAddUsageDescription` but with
  /// `NSPhotoLibraryUsageDescription` is silently upgraded to read/write); then the status of
  /// the level asked: only `notDetermined` prompts (restricted never does), else `.completed`
  /// with the current status. Showing a prompt records the level as requested
  /// (permission-model#settings-app).
  /// A call that does not exist on `context.ios` (`for:` on iOS 13) acts as the legacy call.
  public mutating func beginRequest(
    _ request: AuthorizationRequest, context: RequestContext
  ) -> RequestStep {
    let request = request.isAvailable(on: context.ios) ? request : .legacy
    let plist = context.infoPlist
    var level = request.level
    var upgraded = false
    if level == .addOnly {
      if plist.addUsageDescription == nil {
        guard plist.usageDescription != nil else {
          return .terminated(.missingUsageDescription(key: InfoPlist.Key.addUsage))
        }
        level = .readWrite
        upgraded = true
      }
    } else if plist.usageDescription == nil {
      return .terminated(.missingUsageDescription(key: InfoPlist.Key.usage))
    }
    let reported: AuthorizationRequest = upgraded ? .readWrite : request
    guard status(of: reported) == .notDetermined else {
      return .completed(status(of: reported))
    }
    requestedLevels.insert(level)
    let message =
      InfoPlist.key(for: level, ios: context.ios) == InfoPlist.Key.addUsage
      ? plist.addUsageDescription ?? "" : plist.usageDescription ?? ""
    return .prompt(
      AuthorizationPrompt(
        request: request, level: level, isUpgraded: upgraded, ios: context.ios,
        appName: context.appName, message: message,
        addOnlyAuthorized: context.ios.hasAccessLevels && level == .readWrite
          && status(for: .addOnly) == .authorized,
        libraryCount: context.libraryCount, sampleAssetIDs: context.sampleAssetIDs))
  }

  /// Applies the user's answer to `prompt`.
  ///
  /// Deny and Keep Add Only store "denied" for the prompt's level; allow stores "authorized";
  /// limited stores P = limited, marks the launch (no automatic alert follows) and returns
  /// `.limitedPicker` with the current selection checked. Otherwise `.completed` with the status
  /// the call reports (an upgraded add-only call reports read/write).
  public mutating func answer(
    _ answer: PromptAnswer, to prompt: AuthorizationPrompt, launch: inout LaunchState
  ) -> RequestStep {
    switch (prompt.level, answer) {
    case (.addOnly, .deny): addOnly = .denied
    case (.addOnly, _): addOnly = .authorized
    case (.readWrite, .deny): readWrite = .denied
    case (.readWrite, .allow): readWrite = .authorized
    case (.readWrite, .limited):
      guard prompt.ios.hasAccessLevels else {
        readWrite = .authorized
        break
      }
      readWrite = .limited
      launch.limitedChosenThisLaunch = true
      launch.automaticAlertHandled = true
      return .limitedPicker(LimitedPickerSession(selection: Set(limitedSelection)), prompt)
    }
    return .completed(reportedStatus(for: prompt))
  }

  /// Closes the limited picker opened by a prompt's limited option and returns the status the
  /// request's handler now receives.
  public mutating func finishLimitedPicker(
    _ outcome: LimitedPickerOutcome, for prompt: AuthorizationPrompt
  ) -> AuthorizationStatus {
    _ = applyLimitedPicker(outcome)
    return reportedStatus(for: prompt)
  }

  /// The status the prompt's call reports now.
  public func reportedStatus(for prompt: AuthorizationPrompt) -> AuthorizationStatus {
    status(of: prompt.isUpgraded ? .readWrite : prompt.request)
  }

  /// Whether `request` would show a prompt now (the "prompts?" columns of the measured tables).
  public func wouldPrompt(_ request: AuthorizationRequest, context: RequestContext) -> Bool {
    var copy = self
    if case .prompt = copy.beginRequest(request, context: context) { return true }
    return false
  }
}
