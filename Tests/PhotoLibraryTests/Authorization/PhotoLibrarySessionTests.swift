import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// The live facade: requests through a responder, enforcement of reading and writing, the
/// automatic alert, the
/// "save as much as possible" flow, Settings termination, observers.
@Suite struct PhotoLibrarySessionTests {
  static let ids = ["new.jpg", "Trips/beach.jpg", "mid.png", "Trips/hill.jpg", "old.jpg"]
  /// A real image to save (saving checks the file before anything else).
  static let image = TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg")

  static func session(
    _ state: AuthorizationState = .firstLaunch, ios: IOSVersion = .iOS17,
    plist: InfoPlist = .builtIn, responder: AuthorizationResponder = .unanswered,
    store: MemoryAuthorizationStore? = nil
  ) -> PhotoLibrarySession {
    PhotoLibrarySession(
      bundleID: "com.example.test", ios: ios, infoPlist: plist,
      backend: MemoryLibraryBackend(ids: ids),
      store: store ?? MemoryAuthorizationStore(["com.example.test": state]),
      responder: responder)
  }

  // MARK: Enforcement

  @Test(arguments: [
    (AuthorizationState(readWrite: .authorized), ids, true),
    (
      AuthorizationState(readWrite: .limited, limitedSelection: ["mid.png", "gone.jpg"]),
      ["mid.png"], false
    ),
    (AuthorizationState(readWrite: .limited), [String](), false),
    (AuthorizationState(addOnly: .authorized), [], false),
    (AuthorizationState(readWrite: .denied, addOnly: .authorized), [], false),
    (AuthorizationState(readWrite: .denied), [], false),
    (AuthorizationState.firstLaunch, [], false),
    (AuthorizationState(readWrite: .authorized, isRestricted: true), [], false),
  ])
  func listingCountingAndReadingFollowTheStatus(
    state: AuthorizationState, visible: [String], albums: Bool
  ) throws {
    let session = Self.session(state)
    #expect(try session.fetchAssets().map(\.id) == visible)
    #expect(try session.assetCount() == visible.count)
    for id in Self.ids {
      if visible.contains(id) {
        #expect(try session.asset(withID: id).id == id)
      } else {
        #expect(throws: PhotoLibraryError.assetNotFound(id)) { try session.asset(withID: id) }
      }
    }
    if albums {
      #expect(try session.albums() == ["Trips"])
    } else {
      #expect(throws: PhotoLibraryError.self) { try session.albums() }
    }
  }

  @Test func addOnlyCanSaveButNotReadWhatItSaved() throws {
    let session = Self.session(AuthorizationState(addOnly: .authorized))
    let asset = try session.add(fileAt: URL(fileURLWithPath: "/tmp/x.jpg"), album: nil)
    #expect(try session.fetchAssets().isEmpty)
    #expect(throws: PhotoLibraryError.assetNotFound(asset.id)) {
      try session.asset(withID: asset.id)
    }
    #expect(throws: PhotoLibraryError.self) {
      try session.add(fileAt: URL(fileURLWithPath: "/tmp/y.jpg"), album: "Trips")
    }
  }

  @Test func limitedCreationsJoinTheSelectionAndNotifyObservers() async throws {
    let session = Self.session(AuthorizationState(readWrite: .limited))
    let changes = LockedList<PhotoLibraryChange>()
    session.register { changes.append($0) }
    let asset = try session.add(fileAt: URL(fileURLWithPath: "/tmp/x.jpg"), album: nil)
    #expect(try session.fetchAssets().map(\.id) == [asset.id])
    #expect(try session.state().limitedSelection == [asset.id])
    try await changes.wait(for: .selectionChanged)
  }

  @Test func deniedCannotAddAtAll() {
    let session = Self.session(AuthorizationState(readWrite: .denied, addOnly: .denied))
    #expect(throws: PhotoLibraryError.self) {
      try session.add(fileAt: URL(fileURLWithPath: "/tmp/x.jpg"), album: nil)
    }
  }

  // MARK: Requests

  @Test func handlerIsDeliveredOffTheMainThread() async throws {
    let session = Self.session(responder: .scripted(.allow))
    let (status, onMain) = await withCheckedContinuation { continuation in
      DispatchQueue.main.async {
        session.requestAuthorization(for: .readWrite) { status in
          continuation.resume(returning: (status, Thread.isMainThread))
        }
      }
    }
    #expect(status == .authorized)
    #expect(!onMain)
  }

  @Test func handlerFiresOnlyAfterTheLimitedPickerCloses() async throws {
    let events = LockedList<String>()
    let responder = AuthorizationResponder(
      answerPrompt: { _ in
        events.append("prompt")
        return .limited
      },
      pickLimited: { session, _ in
        events.append("picker")
        return session.done
      },
      answerAlert: { _ in
        events.append("alert")
        return nil
      })
    let session = Self.session(responder: responder)
    let status = await withCheckedContinuation { continuation in
      session.requestAuthorization(for: .readWrite) { status in
        events.append("handler")
        continuation.resume(returning: status)
      }
    }
    _ = try session.fetchAssets()
    #expect(status == .limited)
    #expect(events.all == ["prompt", "picker", "handler"])
  }

  @Test func unansweredPromptStoresNothing() throws {
    let store = MemoryAuthorizationStore()
    let session = Self.session(store: store)
    #expect(throws: PhotoLibraryError.self) { try session.requestAuthorization(.readWrite) }
    #expect(try store.load(bundleID: "com.example.test") == .firstLaunch)
  }

  @Test func limitedAnswerRunsThePickerAndReportsAddedIDs() throws {
    let session = Self.session(responder: .scripted(.limited, pick: ["old.jpg", "mid.png"]))
    let report = try session.requestAuthorization(.readWrite)
    #expect(report.prompt?.buttons.first?.label == "Limit Access…")
    #expect(report.prompt?.photoCountText == "5 Photos")
    #expect(report.prompt?.sampleAssetIDs.first == "new.jpg")
    #expect(report.answer == "Limit Access…")
    #expect(report.status == .limited)
    #expect(report.addedToSelection == ["mid.png", "old.jpg"])
    #expect(try session.fetchAssets().map(\.id) == ["mid.png", "old.jpg"])
  }

  @Test func missingUsageDescriptionTerminatesTheLaunch() throws {
    let session = Self.session(plist: InfoPlist(addUsageDescription: "x"))
    #expect(
      throws: PhotoLibraryError.terminated(
        .missingUsageDescription(key: "NSPhotoLibraryUsageDescription"))
    ) { try session.requestAuthorization(.readWrite) }
    #expect(throws: PhotoLibraryError.self) { try session.fetchAssets() }
  }

  // MARK: Automatic limited-access alert

  @Test func automaticAlertShowsOncePerLaunch() throws {
    let counter = LockedList<String>()
    let responder = AuthorizationResponder(
      answerPrompt: { _ in nil }, pickLimited: { session, _ in session.done },
      answerAlert: { _ in
        counter.append("alert")
        return .keepCurrentSelection
      })
    let store = MemoryAuthorizationStore([
      "com.example.test": AuthorizationState(readWrite: .limited)
    ])
    let first = Self.session(responder: responder, store: store)
    _ = try first.fetchAssets()
    _ = try first.assetCount()
    #expect(counter.all.count == 1)
    let relaunch = Self.session(responder: responder, store: store)
    _ = try relaunch.fetchAssets()
    #expect(counter.all.count == 2)
    var plist = InfoPlist.builtIn
    plist.preventAutomaticLimitedAccessAlert = true
    _ = try Self.session(plist: plist, responder: responder, store: store).fetchAssets()
    #expect(counter.all.count == 2)
  }

  @Test func noAutomaticAlertRightAfterChoosingLimited() throws {
    let counter = LockedList<String>()
    let responder = AuthorizationResponder(
      answerPrompt: { _ in .limited }, pickLimited: { session, _ in session.done },
      answerAlert: { _ in
        counter.append("alert")
        return nil
      })
    let session = Self.session(responder: responder)
    _ = try session.requestAuthorization(.readWrite)
    _ = try session.fetchAssets()
    #expect(counter.all.count == 0)
  }

  @Test func selectMoreInTheAlertOpensThePicker() throws {
    let session = Self.session(
      AuthorizationState(readWrite: .limited),
      responder: .scripted(nil, pick: ["new.jpg"], alert: .selectMorePhotos))
    #expect(try session.fetchAssets().map(\.id) == ["new.jpg"])
    #expect(session.automaticAlertShown?.buttons.first == "Select More Photos…")
  }

  @Test func everySelectionChangeNotifiesObserversInOrder() async throws {
    let session = Self.session(AuthorizationState(readWrite: .limited))
    let changes = LockedList<PhotoLibraryChange>()
    session.register { changes.append($0) }
    #expect(try session.editLimitedSelection(adding: ["old.jpg"], removing: []) == ["old.jpg"])
    #expect(try session.editLimitedSelection(adding: [], removing: ["old.jpg"]) == [])
    #expect(try session.editLimitedSelection(adding: ["mid.png"], removing: [], cancel: true) == [])
    try session.applyLimitedPicker(.done(["new.jpg"]))
    let asset = try session.add(fileAt: URL(fileURLWithPath: "/tmp/n.jpg"), album: nil)
    try await changes.wait(for: .assetsChanged([asset.id]))
    #expect(
      changes.all == [
        .selectionChanged, .selectionChanged, .selectionChanged, .selectionChanged,
        .assetsChanged([asset.id]),
      ])
    #expect(try session.state().limitedSelection == ["new.jpg", asset.id])
  }

  @Test func limitedPickerDoesNothingUnlessLimited() throws {
    let session = Self.session(AuthorizationState(readWrite: .authorized))
    #expect(try session.presentLimitedLibraryPicker() == nil)
    #expect(try session.applyLimitedPicker(.done(["x"])) == nil)
    #expect(try session.state().limitedSelection.isEmpty)
  }

  // MARK: Save flow

  /// (state, answers in order, album, outcome, requests made)
  @Test(arguments: [
    (
      AuthorizationState(readWrite: .authorized), [PromptAnswer](), String?("Keep"),
      SaveOutcome.album, [AuthorizationRequest]()
    ),
    (AuthorizationState(readWrite: .authorized), [], nil, .cameraRoll, []),
    (AuthorizationState.firstLaunch, [.allow], "Keep", .album, [.readWrite]),
    (AuthorizationState.firstLaunch, [.limited], "Keep", .cameraRoll, [.readWrite]),
    (
      AuthorizationState.firstLaunch, [.deny, .allow], "Keep", .cameraRoll, [.readWrite, .addOnly]
    ),
    (AuthorizationState.firstLaunch, [.deny, .deny], "Keep", .nothing, [.readWrite, .addOnly]),
    (AuthorizationState(readWrite: .limited), [], "Keep", .cameraRoll, []),
    (AuthorizationState(readWrite: .denied, addOnly: .authorized), [], "Keep", .cameraRoll, []),
    (AuthorizationState(readWrite: .denied, addOnly: .denied), [], "Keep", .nothing, []),
    (AuthorizationState(isRestricted: true), [], "Keep", .nothing, []),
  ])
  func saveAsMuchAsPossible(
    state: AuthorizationState, answers: [PromptAnswer], album: String?, outcome: SaveOutcome,
    requests: [AuthorizationRequest]
  ) throws {
    let queue = LockedList(answers)
    let responder = AuthorizationResponder(
      answerPrompt: { _ in queue.popFirst() }, pickLimited: { session, _ in session.done },
      answerAlert: { _ in nil })
    let session = Self.session(state, responder: responder)
    let report = try session.save(fileAt: Self.image, album: album)
    #expect(report.outcome == outcome)
    #expect(report.requests.map(\.request) == requests)
    #expect((report.asset == nil) == (outcome == .nothing))
    if outcome == .album { #expect(report.asset?.album == album) }
  }

  @Test func upgradedAddOnlyDeniedEndsInNothingInsteadOfLooping() throws {
    let session = Self.session(
      AuthorizationState(readWrite: .denied, requestedLevels: [.readWrite]),
      plist: InfoPlist(usageDescription: "x"), responder: .scripted(.deny))
    let report = try session.save(fileAt: Self.image, album: nil)
    #expect(report.outcome == .nothing)
  }

  // MARK: Settings, privacy, restriction

  @Test func settingsChangeTerminatesTheLaunchAndIsStored() throws {
    let store = MemoryAuthorizationStore([
      "com.example.test": AuthorizationState(readWrite: .authorized, requestedLevels: [.readWrite])
    ])
    let session = Self.session(store: store)
    #expect(throws: PhotoLibraryError.self) { try session.chooseInSettings(.selectedPhotos) }
    #expect(session.terminationReason != nil)
    #expect(throws: PhotoLibraryError.self) { try session.fetchAssets() }
    #expect(try Self.session(store: store).authorizationStatus(for: .readWrite) == .limited)
  }

  @Test func privacyResetReturnsToFirstLaunchButKeepsRestriction() throws {
    let session = Self.session(
      AuthorizationState(
        readWrite: .limited, addOnly: .authorized, isRestricted: true,
        limitedSelection: ["a"], requestedLevels: [.readWrite, .addOnly]))
    try session.resetAll()
    #expect(try session.state() == AuthorizationState(isRestricted: true))
    try session.setRestricted(false)
    #expect(try session.state() == .firstLaunch)
  }

  @Test(arguments: [
    (
      PrivacyAction.grant, PrivacyService.photos, AuthorizationStatus.authorized,
      AuthorizationStatus.notDetermined
    ),
    (.grant, .photosLimited, .limited, .notDetermined),
    (.grant, .photosAdd, .notDetermined, .authorized),
    (.revoke, .photos, .denied, .notDetermined),
    (.revoke, .photosAdd, .notDetermined, .denied),
  ])
  func privacyToolSetsDecisionsDirectly(
    action: PrivacyAction, service: PrivacyService, readWrite: AuthorizationStatus,
    addOnly: AuthorizationStatus
  ) throws {
    let session = Self.session()
    try session.apply(action, to: service)
    #expect(try session.authorizationStatus(for: .readWrite) == readWrite)
    if readWrite != .authorized && readWrite != .limited {
      #expect(try session.authorizationStatus(for: .addOnly) == addOnly)
    }
    #expect(try session.settingsRow() != nil)
  }
}
