import Dispatch

/// `requestAuthorization`: the prompt, the answer, the limited picker
/// (docs/permission-model.md#requests-and-prompts).
extension PhotoLibrarySession {
  /// The context of a request: this launch's device and plist; with `library`, also the
  /// library size and samples that the iOS 17+ read/write prompt shows (a folder scan).
  func requestContext(library: Bool) -> RequestContext {
    var context = RequestContext(ios: ios, infoPlist: infoPlist, bundleID: bundleID)
    if library, let shown = try? promptLibrary() {
      context.libraryCount = shown.count
      context.sampleAssetIDs = shown.sampleAssetIDs
    }
    return context
  }

  /// What the iOS 17+ prompt shows of the library now (system UI: any asset but hidden ones).
  /// A gallery whose library is still being scanned shows a prompt again with this as the
  /// listing grows (``AuthorizationPrompt/showing(_:)``).
  public func promptLibrary() throws -> PromptLibrary {
    // A command reads the count and the newest from the library index: no list of the library.
    if let listing = unobservedListing() { return try promptLibrary(in: listing) }
    return PromptLibrary(try backend.allAssets())
  }

  /// Runs `requestAuthorization` to the end, as a loop over the steps of
  /// ``beginRequest(_:)``, ``answer(_:with:)`` and ``finishLimitedPicker(_:)``: shows a prompt
  /// only when the level is not determined, asks the responder, opens the limited picker when
  /// limited is chosen, and returns what the handler receives. Throws `.terminated` for a
  /// missing usage description and `.promptUnanswered` when the responder gives no answer
  /// (nothing is stored then).
  ///
  /// The stored state is locked only while it changes, never while a prompt waits; an answer
  /// to a prompt that another process settled meanwhile reports the settled status.
  public func requestAuthorization(_ request: AuthorizationRequest) throws -> RequestReport {
    var report = RequestReport(request: request, status: .notDetermined)
    report.isUpgraded =
      request == .addOnly && ios.hasAccessLevels && infoPlist.addUsageDescription == nil
    var step = try beginRequest(request)
    while true {
      switch step {
      case .terminated(let reason):
        throw PhotoLibraryError.terminated(reason)
      case .completed(let status):
        report.status = status
        return report
      case .prompt(let prompt):
        guard let answer = responder.answerPrompt(prompt), let button = prompt.button(for: answer)
        else { throw PhotoLibraryError.promptUnanswered(prompt) }
        report.prompt = prompt
        report.answer = button.label
        report.isUpgraded = prompt.isUpgraded
        step = try self.answer(prompt, with: answer)
      case .limitedPicker(let picker, let waiting):
        // This call waits on its own picker (requests may run at once on the callback queue).
        lock.withLock { if promptAwaitingPicker == waiting { promptAwaitingPicker = nil } }
        let outcome = responder.pickLimited(picker) { (try? self.backend.allAssets()) ?? [] }
        let finished = try finishLimitedPicker(outcome, waiting: waiting)
        report.addedToSelection = finished.added
        step = .completed(finished.handlerStatus ?? .limited)
      }
    }
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
