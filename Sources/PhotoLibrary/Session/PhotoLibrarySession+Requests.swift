import Dispatch

/// `requestAuthorization`: the prompt, the answer, the limited picker (PERMISSIONS.md §4).
extension PhotoLibrarySession {
  /// The context of a request: this launch's device and plist; with `library`, also the
  /// library size and samples that the iOS 17+ read/write prompt shows (a folder scan).
  func requestContext(library: Bool) -> RequestContext {
    var context = RequestContext(ios: ios, infoPlist: infoPlist, bundleID: bundleID)
    if library, let assets = try? backend.allAssets() {
      context.libraryCount = assets.count
      context.sampleAssetIDs = assets.prefix(AuthorizationPrompt.sampleCount).map(\.id)
    }
    return context
  }

  /// Runs `requestAuthorization` to the end: shows a prompt only when the level is not
  /// determined, asks the responder, opens the limited picker when limited is chosen, and
  /// returns what the handler receives. Throws `.terminated` for a missing usage description and
  /// `.promptUnanswered` when the responder gives no answer (nothing is stored then).
  ///
  /// The stored state is locked only while it changes, never while a prompt waits; an answer
  /// to a prompt that another process settled meanwhile reports the settled status.
  public func requestAuthorization(_ request: AuthorizationRequest) throws -> RequestReport {
    try ensureRunning()
    var context = requestContext(library: false)
    let stored = try store.load(bundleID: bundleID)
    var preview = stored
    var step = preview.beginRequest(request, context: context)
    if case .prompt(let shown) = step, shown.photoCountText != nil {
      // Only the iOS 17+ read/write prompt needs the library: scan it only then.
      context = requestContext(library: true)
      preview = stored
      step = preview.beginRequest(request, context: context)
    }
    let prompt: AuthorizationPrompt
    switch step {
    case .terminated(let reason): throw terminate(reason)
    case .completed(let status):
      var report = RequestReport(request: request, status: status)
      report.isUpgraded =
        request == .addOnly && ios.hasAccessLevels && infoPlist.addUsageDescription == nil
      return report
    case .limitedPicker(_, let shown), .prompt(let shown): prompt = shown
    }
    guard let answer = responder.answerPrompt(prompt), let button = prompt.button(for: answer)
    else { throw PhotoLibraryError.promptUnanswered(prompt) }
    var launch = self.launch
    let answered = try store.update(bundleID: bundleID) { state -> RequestStep in
      guard case .prompt(let fresh) = state.beginRequest(request, context: context) else {
        return .completed(state.status(of: prompt.isUpgraded ? .readWrite : prompt.request))
      }
      return state.answer(answer, to: fresh, launch: &launch)
    }
    lock.withLock { launchState = launch }
    notify(.authorizationChanged)
    var report = RequestReport(
      request: request, prompt: prompt, answer: button.label, status: .notDetermined)
    report.isUpgraded = prompt.isUpgraded
    switch answered {
    case .completed(let status): report.status = status
    case .limitedPicker(let session, let shown):
      let outcome = responder.pickLimited(session, (try? backend.allAssets()) ?? [])
      let (status, added) = try store.update(bundleID: bundleID) { state in
        let added = state.applyLimitedPicker(outcome)
        return (state.reportedStatus(for: shown), added)
      }
      report.status = status
      report.addedToSelection = added
      if case .done = outcome { notify(.selectionChanged) }
    case .prompt, .terminated: break
    }
    return report
  }

  /// `PHPhotoLibrary.requestAuthorization(for:handler:)`: the handler is called on a background
  /// queue, never the main thread, after any prompt and limited picker have closed. It is never
  /// called when the app is terminated or the prompt is left unanswered.
  public func requestAuthorization(
    for level: AccessLevel, handler: @escaping @Sendable (AuthorizationStatus) -> Void
  ) {
    let request: AuthorizationRequest = level == .addOnly ? .addOnly : .readWrite
    requestAuthorization(request, handler: handler)
  }

  /// The legacy `requestAuthorization(_:)` when `request` is `.legacy`; see above.
  public func requestAuthorization(
    _ request: AuthorizationRequest,
    handler: @escaping @Sendable (AuthorizationStatus) -> Void
  ) {
    callbackQueue.async {
      guard let report = try? self.requestAuthorization(request) else { return }
      handler(report.status)
    }
  }

  /// The async form of `requestAuthorization(for:)`.
  public func requestAuthorization(for level: AccessLevel) async throws -> AuthorizationStatus {
    let request: AuthorizationRequest = level == .addOnly ? .addOnly : .readWrite
    return try await withCheckedThrowingContinuation { continuation in
      callbackQueue.async {
        continuation.resume(with: Result { try self.requestAuthorization(request).status })
      }
    }
  }
}
