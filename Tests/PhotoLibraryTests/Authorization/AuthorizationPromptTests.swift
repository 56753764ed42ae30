import PhotoLibrary
import Testing

/// Prompts as values, per iOS version, and the request flow.
@Suite struct AuthorizationPromptTests {
  static let plist = InfoPlist(
    usageDescription: "Pick photos to share.", addUsageDescription: "Save your edits.",
    displayName: "Snap")

  static func prompt(
    _ request: AuthorizationRequest, ios: IOSVersion, state: AuthorizationState = .firstLaunch,
    plist: InfoPlist = plist
  ) -> AuthorizationPrompt? {
    var state = state
    let context = RequestContext(
      ios: ios, infoPlist: plist, libraryCount: 12, sampleAssetIDs: ["a", "b", "c", "d", "e", "f"])
    guard case .prompt(let prompt) = state.beginRequest(request, context: context) else {
      return nil
    }
    return prompt
  }

  @Test(arguments: [
    (
      IOSVersion.iOS13, AuthorizationRequest.legacy, "“Snap” Would Like to Access Your Photos",
      "Pick photos to share.", ["Don’t Allow", "OK"]
    ),
    (
      .iOS14, .readWrite, "“Snap” Would Like to Access Your Photos", "Pick photos to share.",
      ["Select Photos…", "Allow Access to All Photos", "Don’t Allow"]
    ),
    (
      .iOS16, .legacy, "“Snap” Would Like to Access Your Photos", "Pick photos to share.",
      ["Select Photos…", "Allow Access to All Photos", "Don’t Allow"]
    ),
    (
      .iOS17, .readWrite, "“Snap” would like full access to your Photo Library.",
      "Pick photos to share.", ["Limit Access…", "Allow Full Access", "Don’t Allow"]
    ),
    (
      .iOS26, .readWrite, "“Snap” would like full access to your Photo Library.",
      "Pick photos to share.", ["Limit Access…", "Allow Full Access", "Don’t Allow"]
    ),
    (
      .iOS14, .addOnly, "“Snap” Would Like to Add to your Photos", "Save your edits.",
      ["Don’t Allow", "OK"]
    ),
    (
      .iOS18, .addOnly, "“Snap” Would Like to Add to your Photos", "Save your edits.",
      ["Don’t Allow", "OK"]
    ),
  ])
  func promptSkinPerIOSVersion(
    ios: IOSVersion, request: AuthorizationRequest, title: String, message: String,
    buttons: [String]
  ) throws {
    let prompt = try #require(Self.prompt(request, ios: ios))
    #expect(prompt.title == title)
    #expect(prompt.message == message)
    #expect(prompt.buttons.map(\.label) == buttons)
  }

  @Test func iOS17ReadWritePromptShowsSamplesAndPhotoCount() throws {
    let prompt = try #require(Self.prompt(.readWrite, ios: .iOS17))
    #expect(prompt.photoCountText == "12 Photos")
    #expect(prompt.sampleAssetIDs == ["a", "b", "c", "d", "e"])
    let older = try #require(Self.prompt(.readWrite, ios: .iOS16))
    #expect(older.photoCountText == nil)
    #expect(older.sampleAssetIDs.isEmpty)
  }

  @Test(arguments: [IOSVersion.iOS14, .iOS17])
  func denyButtonReadsKeepAddOnlyWhenAddOnlyIsAuthorized(ios: IOSVersion) throws {
    let state = AuthorizationState(addOnly: .authorized, requestedLevels: [.addOnly])
    let prompt = try #require(Self.prompt(.readWrite, ios: ios, state: state))
    #expect(prompt.buttons.last == PromptButton(.keepAddOnly, ios: ios, level: .readWrite))
    #expect(prompt.buttons.last?.label == "Keep Add Only")
    #expect(prompt.button(matching: "keep-add-only")?.answer == .deny)
  }

  @Test func addOnlyRequestWithoutAddKeyIsUpgradedToReadWrite() throws {
    let plist = InfoPlist(usageDescription: "Pick photos.")
    let prompt = try #require(Self.prompt(.addOnly, ios: .iOS14, plist: plist))
    #expect(prompt.level == .readWrite)
    #expect(prompt.isUpgraded)
    #expect(prompt.buttons.map(\.label).contains("Allow Access to All Photos"))
    #expect(prompt.message == "Pick photos.")
  }

  @Test func upgradedAddOnlyRequestShowsNothingWhenReadWriteIsDecided() {
    var state = AuthorizationState(readWrite: .denied, requestedLevels: [.readWrite])
    let context = RequestContext(ios: .iOS14, infoPlist: InfoPlist(usageDescription: "x"))
    #expect(state.beginRequest(.addOnly, context: context) == .completed(.denied))
  }

  @Test(arguments: [
    (
      AuthorizationRequest.readWrite, IOSVersion.iOS14, InfoPlist(addUsageDescription: "add"),
      "NSPhotoLibraryUsageDescription"
    ),
    (.legacy, .iOS13, InfoPlist(addUsageDescription: "add"), "NSPhotoLibraryUsageDescription"),
    (.addOnly, .iOS14, InfoPlist(), "NSPhotoLibraryAddUsageDescription"),
  ])
  func missingUsageDescriptionTerminatesWithTheIOSMessage(
    request: AuthorizationRequest, ios: IOSVersion, plist: InfoPlist, key: String
  ) {
    var state = AuthorizationState.firstLaunch
    let step = state.beginRequest(request, context: RequestContext(ios: ios, infoPlist: plist))
    #expect(step == .terminated(.missingUsageDescription(key: key)))
    #expect(
      AppTermination.missingUsageDescription(key: key).consoleMessage
        == "This app has crashed because it attempted to access privacy-sensitive data without "
        + "a usage description. The app's Info.plist must contain an \(key) key with a string "
        + "value explaining to the user how the app uses this data.")
    #expect(state == .firstLaunch)
  }

  @Test func iOS13PromptUsesTheUsageDescription() throws {
    let prompt = try #require(Self.prompt(.addOnly, ios: .iOS13))
    #expect(prompt.request == .legacy)
    #expect(prompt.message == "Pick photos to share.")
  }

  @Test func restrictedNeverPrompts() {
    var state = AuthorizationState(isRestricted: true)
    for request in AuthorizationRequest.allCases {
      #expect(
        state.beginRequest(request, context: RequestContext(ios: .iOS17))
          == .completed(.restricted))
    }
  }

  @Test(arguments: [
    ("allow", PromptAnswer.allow), ("all", .allow),
    ("deny", .deny), ("don't allow", .deny), ("DON’T ALLOW", .deny), ("limited", .limited),
    ("select photos...", .limited), ("Allow Access to All Photos", .allow),
  ])
  func typedAnswersMatchButtons(text: String, answer: PromptAnswer) throws {
    let prompt = try #require(Self.prompt(.readWrite, ios: .iOS14))
    #expect(prompt.button(matching: text)?.answer == answer)
  }

  @Test func answersThatAreNotButtonsOfThisPromptAreRejected() throws {
    let addOnly = try #require(Self.prompt(.addOnly, ios: .iOS14))
    #expect(addOnly.button(matching: "limited") == nil)
    #expect(addOnly.button(matching: "keep-add-only") == nil)
    #expect(addOnly.button(matching: "maybe") == nil)
  }

  @Test func okPressesOnlyAButtonThatReadsOK() throws {
    let readWrite = try #require(Self.prompt(.readWrite, ios: .iOS14))
    #expect(readWrite.button(matching: "ok") == nil)
    #expect(readWrite.button(matching: "OK") == nil)
    let addOnly = try #require(Self.prompt(.addOnly, ios: .iOS14))
    #expect(addOnly.button(matching: "ok")?.role == .allow)
  }

  @Test func showingAPromptRecordsTheLevelAsRequested() {
    var state = AuthorizationState.firstLaunch
    _ = state.beginRequest(.addOnly, context: RequestContext(ios: .iOS14))
    #expect(state.requestedLevels == [.addOnly])
  }

  @Test func addOnlyRequestAfterReadWriteGrantDoesNotAddTheFourthSettingsOption() {
    // Measured on iOS 14, case 2: read/write first, then add-only: three options, not four.
    var state = AuthorizationState.firstLaunch
    var launch = LaunchState.fresh
    let context = RequestContext(ios: .iOS14)
    guard case .prompt(let prompt) = state.beginRequest(.readWrite, context: context) else {
      Issue.record("no prompt")
      return
    }
    _ = state.answer(.allow, to: prompt, launch: &launch)
    #expect(state.beginRequest(.addOnly, context: context) == .completed(.authorized))
    #expect(state.settingsOptions(ios: .iOS14) == [.selectedPhotos, .allPhotos, .none])
  }

  @Test func choosingLimitedOpensThePickerBeforeTheHandlerFires() throws {
    var state = AuthorizationState(limitedSelection: [])
    var launch = LaunchState.fresh
    let prompt = try #require(Self.prompt(.readWrite, ios: .iOS14))
    guard case .limitedPicker(var picker, _) = state.answer(.limited, to: prompt, launch: &launch)
    else {
      Issue.record("no picker")
      return
    }
    #expect(launch.limitedChosenThisLaunch)
    picker.toggle("a.jpg")
    #expect(state.finishLimitedPicker(picker.done, for: prompt) == .limited)
    #expect(state.limitedSelection == ["a.jpg"])
    #expect(!state.automaticAlertIsDue(launch: launch, infoPlist: .builtIn))
  }

  @Test func legacyRequestAnsweredLimitedReportsAuthorized() throws {
    var state = AuthorizationState.firstLaunch
    var launch = LaunchState.fresh
    let prompt = try #require(Self.prompt(.legacy, ios: .iOS15))
    guard case .limitedPicker(_, let prompt) = state.answer(.limited, to: prompt, launch: &launch)
    else {
      Issue.record("no picker")
      return
    }
    #expect(state.finishLimitedPicker(.cancelled, for: prompt) == .authorized)
    #expect(state.readWrite == .limited)
  }
}
