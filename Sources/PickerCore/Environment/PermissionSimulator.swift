import PhotoLibrary

/// One simulated device in memory: the real permission model (`AuthorizationState`,
/// `LaunchState`, an `InfoPlist`) over a list of assets, with no I/O.
///
/// It is what a test (or the `snapshot` command, after loading the stored state and scanning
/// the folder) plugs into the picker through `PermissionClient.simulated(_:)`. Every rule comes
/// from `PhotoLibrary`: the derived statuses, the prompts, the limited picker, the automatic
/// alert, the Settings row and the §7 filtering; this type only keeps the values between calls.
public final class PermissionSimulator {
  /// The app's stored permission state; `onChange` hears every change.
  public var authorization: AuthorizationState {
    didSet {
      if authorization != oldValue, !isReloading { onChange?(authorization) }
    }
  }
  /// The per-launch flags (reset by `launch()`).
  public private(set) var launchState = LaunchState.fresh
  /// The app's Info.plist.
  public var infoPlist: InfoPlist
  /// The iOS version whose behaviour and wording apply.
  public var ios: IOSVersion
  /// The app's bundle id.
  public var bundleID: String
  /// The whole library, newest first (the simulator filters it by access).
  public var assets: [Asset]
  /// Called with the new state after every change (persist it, in a live runtime).
  public var onChange: ((AuthorizationState) -> Void)?

  /// The prompt whose limited option opened the picker; its handler waits for the picker.
  private var promptAwaitingPicker: AuthorizationPrompt?
  private var isReloading = false

  public init(
    authorization: AuthorizationState = .firstLaunch, infoPlist: InfoPlist = .builtIn,
    ios: IOSVersion = .newest, bundleID: String = "com.example.picker", assets: [Asset] = []
  ) {
    self.authorization = authorization
    self.infoPlist = infoPlist
    self.ios = ios
    self.bundleID = bundleID
    self.assets = assets
  }

  /// Takes in state read from outside (another process changed the store, files changed)
  /// without reporting it to `onChange`. A live runtime calls it before it sends
  /// `.photoLibraryDidChange` or relaunches.
  public func reload(authorization: AuthorizationState? = nil, assets: [Asset]? = nil) {
    isReloading = true
    defer { isReloading = false }
    if let authorization { self.authorization = authorization }
    if let assets { self.assets = assets }
  }

  /// A fresh launch: per-launch flags reset, nothing waiting.
  public func launch() -> LaunchInfo {
    launchState = .fresh
    promptAwaitingPicker = nil
    return LaunchInfo(appName: infoPlist.appName(bundleID: bundleID), ios: ios)
  }

  /// `requestAuthorization`: `AuthorizationState.beginRequest` with this device's context.
  public func request(_ request: AuthorizationRequest) -> AuthorizationRequestOutcome {
    let context = RequestContext(
      ios: ios, infoPlist: infoPlist, bundleID: bundleID, libraryCount: assets.count,
      sampleAssetIDs: assets.prefix(AuthorizationPrompt.sampleCount).map(\.id))
    switch authorization.beginRequest(request, context: context) {
    case .terminated(let termination): return .terminated(termination)
    case .completed(let status): return .status(status)
    case .prompt(let prompt): return .prompt(prompt)
    case .limitedPicker(_, let prompt): return .status(authorization.reportedStatus(for: prompt))
    }
  }

  /// Answers `prompt`; the limited option opens the limited picker and keeps the handler
  /// waiting.
  public func answer(_ prompt: AuthorizationPrompt, with answer: PromptAnswer)
    -> PromptAnswerOutcome
  {
    switch authorization.answer(answer, to: prompt, launch: &launchState) {
    case .limitedPicker(let session, let prompt):
      promptAwaitingPicker = prompt
      return .limitedPicker(
        LimitedPickerContents(all: assets.map(\.id), selected: session.selection))
    case .completed(let status):
      return .status(status)
    case .prompt, .terminated:
      return .status(authorization.reportedStatus(for: prompt))
    }
  }

  /// The status the picker shows (read/write; the legacy status on iOS 13), the assets the
  /// access allows, and the automatic limited-access alert when it is due at this access.
  public func readLibrary() -> LibraryContents {
    let status =
      ios.hasAccessLevels ? authorization.status(for: .readWrite) : authorization.legacyStatus
    let access = authorization.libraryAccess(ios: ios)
    var alert: LimitedAccessAlert?
    if access.canList, authorization.automaticAlertIsDue(launch: launchState, infoPlist: infoPlist)
    {
      launchState.automaticAlertHandled = true
      alert = LimitedAccessAlert(
        appName: infoPlist.appName(bundleID: bundleID), message: infoPlist.usageDescription ?? "")
    }
    return LibraryContents(status: status, assets: access.filter(assets), automaticAlert: alert)
  }

  /// `presentLimitedLibraryPicker`: every asset with the selection checked, or nil unless
  /// read/write is limited.
  public func presentLimitedPicker() -> LimitedPickerContents? {
    authorization.presentLimitedLibraryPicker().map {
      LimitedPickerContents(all: assets.map(\.id), selected: $0.selection)
    }
  }

  /// Closes the limited picker: Done (`selection`) replaces the selection, Cancel (nil) keeps
  /// it. Returns the status for a request handler that was waiting, if any.
  public func finishLimitedPicker(_ selection: [String]?) -> AuthorizationStatus? {
    let outcome: LimitedPickerOutcome = selection.map { .done(Set($0)) } ?? .cancelled
    if let prompt = promptAwaitingPicker {
      promptAwaitingPicker = nil
      return authorization.finishLimitedPicker(outcome, for: prompt)
    }
    authorization.applyLimitedPicker(outcome)
    return nil
  }

  /// Settings › App › Photos.
  public func settingsRow() -> SettingsRow? { authorization.settingsRow(ios: ios) }

  /// Chooses `option` in Settings: the termination when the value changed; nil when it did
  /// not or could not change (restricted, not an option).
  public func choose(_ option: SettingsOption) -> AppTermination? {
    (try? authorization.chooseInSettings(option, ios: ios)) ?? nil
  }
}

extension PermissionClient {
  /// The client over a `PermissionSimulator`: the real permission model, in memory.
  public static func simulated(_ simulator: PermissionSimulator) -> PermissionClient {
    PermissionClient(
      launch: simulator.launch,
      requestAuthorization: simulator.request,
      answerPrompt: simulator.answer,
      readLibrary: simulator.readLibrary,
      presentLimitedPicker: simulator.presentLimitedPicker,
      finishLimitedPicker: simulator.finishLimitedPicker,
      settings: simulator.settingsRow,
      applySettingsChoice: simulator.choose)
  }
}
