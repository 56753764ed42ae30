/// `requestAuthorization` one step at a time (begin → prompt → answer → limited picker →
/// finish), each step applied under the store's lock, for callers that show the prompt and
/// the picker themselves (the picker screen, the gallery). The responder-driven
/// `requestAuthorization(_:)` is a loop over these steps.
extension PhotoLibrarySession {
  /// Starts `requestAuthorization(for:)`: `.completed` with the status when the level is
  /// settled, `.prompt` when iOS would show one (nothing is stored until it is answered), or
  /// `.terminated` for a missing usage description (this launch ends).
  public func beginRequest(_ request: AuthorizationRequest) throws -> RequestStep {
    try ensureRunning()
    let stored = try state()
    var preview = stored
    var step = preview.beginRequest(request, context: requestContext(library: false))
    if case .prompt(let shown) = step, shown.photoCountText != nil {
      // Only the iOS 17+ read/write prompt needs the library: scan it only then.
      preview = stored
      step = preview.beginRequest(request, context: requestContext(library: true))
    }
    if case .terminated(let reason) = step { _ = terminate(reason) }
    return step
  }

  /// Answers `prompt` with the button that means `answer`, under the store's lock. The limited
  /// option returns `.limitedPicker` and keeps the request waiting for
  /// ``finishLimitedPicker(_:)``; any other answer returns `.completed`. A prompt that another
  /// process settled meanwhile reports the settled status.
  public func answer(_ prompt: AuthorizationPrompt, with answer: PromptAnswer) throws
    -> RequestStep
  {
    try ensureRunning()
    let context = RequestContext(
      ios: ios, infoPlist: infoPlist, bundleID: bundleID, libraryCount: 0,
      sampleAssetIDs: prompt.sampleAssetIDs)
    var launch = self.launch
    let step = try write { state -> RequestStep in
      guard case .prompt(let fresh) = state.beginRequest(prompt.request, context: context) else {
        return .completed(state.reportedStatus(for: prompt))
      }
      return state.answer(answer, to: fresh, launch: &launch)
    }
    lock.withLock {
      launchState = launch
      if case .limitedPicker(_, let waiting) = step { promptAwaitingPicker = waiting }
    }
    notify(.authorizationChanged)
    return step
  }

  /// Closes the limited picker, whoever opened it: Done replaces the selection, Cancel keeps
  /// it (under the store's lock). Returns the status for the request whose handler was waiting
  /// on the picker (nil when it was opened by `presentLimitedLibraryPicker` or from Settings)
  /// and the newly added ids.
  @discardableResult
  public func finishLimitedPicker(_ outcome: LimitedPickerOutcome) throws
    -> (handlerStatus: AuthorizationStatus?, added: [String])
  {
    let waiting = lock.withLock {
      defer { promptAwaitingPicker = nil }
      return promptAwaitingPicker
    }
    return try finishLimitedPicker(outcome, waiting: waiting)
  }

  /// Closes the limited picker that `waiting`'s limited option opened (nil: one opened by
  /// `presentLimitedLibraryPicker` or from Settings, which only changes the selection when
  /// read/write is limited).
  func finishLimitedPicker(_ outcome: LimitedPickerOutcome, waiting: AuthorizationPrompt?)
    throws -> (handlerStatus: AuthorizationStatus?, added: [String])
  {
    try ensureRunning()
    let lookUp = try assetLookup()
    try checkNewlyPicked(outcome, lookingUp: lookUp)
    let (changed, status, added) = try write {
      state -> (Bool, AuthorizationStatus?, [String]) in
      let before = state.limitedGrant
      guard let waiting else {
        guard state.presentLimitedLibraryPicker() != nil else { return (false, nil, []) }
        refreshFiles(of: &state, lookingUp: lookUp)
        let added = state.applyLimitedPicker(outcome)
        refreshFiles(of: &state, lookingUp: lookUp)
        return (before != state.limitedGrant, nil, added)
      }
      refreshFiles(of: &state, lookingUp: lookUp)
      let added = state.applyLimitedPicker(outcome)
      refreshFiles(of: &state, lookingUp: lookUp)
      return (before != state.limitedGrant, state.reportedStatus(for: waiting), added)
    }
    if changed { notify(.selectionChanged) }
    return (status, added)
  }

  /// Takes the automatic limited-access alert when it is due at this library access (the
  /// first one of the launch, under limited, not prevented by Info.plist), marking it shown;
  /// nil otherwise. The caller shows it and acts on the choice.
  public func takeAutomaticAlert() throws -> LimitedAccessAlert? {
    try ensureRunning()
    guard ios.hasAccessLevels else { return nil }
    let state = try state()
    let due = lock.withLock { () -> Bool in
      guard state.automaticAlertIsDue(launch: launchState, infoPlist: infoPlist) else {
        return false
      }
      launchState.automaticAlertHandled = true
      return true
    }
    guard due else { return nil }
    let alert = LimitedAccessAlert(
      appName: infoPlist.appName(bundleID: bundleID), message: infoPlist.usageDescription ?? "")
    lock.withLock { shownAlert = alert }
    return alert
  }

  /// The next launch of the same app in this session: per-launch flags reset, the termination
  /// forgotten, no request waiting. (A new session is a relaunch too.)
  public func relaunch() {
    lock.withLock {
      launchState = .fresh
      termination = nil
      promptAwaitingPicker = nil
      shownAlert = nil
    }
  }
}
