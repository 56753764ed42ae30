import PhotoLibrary
import Testing

/// The measured tables (iOS 13.4.1 and 14.2.1), reproduced by running the model
/// through the same scenarios a user would: requests answered one way or another, or Settings.
@Suite struct MeasuredTableTests {
  /// A scenario from a fresh install: requests with the answer the user gave.
  struct Scenario: Sendable, CustomTestStringConvertible {
    var name: String
    var steps: [(AuthorizationRequest, PromptAnswer)]
    var legacy: AuthorizationStatus
    var addOnly: AuthorizationStatus?
    var readWrite: AuthorizationStatus?
    var addOnlyPrompts: Bool?
    var readWritePrompts: Bool
    var testDescription: String { name }
  }

  static func run(
    _ steps: [(AuthorizationRequest, PromptAnswer)], ios: IOSVersion
  ) -> AuthorizationState {
    var state = AuthorizationState.firstLaunch
    var launch = LaunchState.fresh
    let context = RequestContext(ios: ios)
    for (request, answer) in steps {
      guard case .prompt(let prompt) = state.beginRequest(request, context: context) else {
        Issue.record("\(request) did not prompt")
        continue
      }
      if case .limitedPicker(let picker, let prompt) = state.answer(
        answer, to: prompt, launch: &launch)
      {
        _ = state.finishLimitedPicker(picker.done, for: prompt)
      }
    }
    return state
  }

  static let iOS13: [Scenario] = [
    Scenario(
      name: "unconfirmed", steps: [], legacy: .notDetermined, readWritePrompts: true),
    Scenario(
      name: "reading/writing", steps: [(.legacy, .allow)], legacy: .authorized,
      readWritePrompts: false),
    Scenario(
      name: "not allowed", steps: [(.legacy, .deny)], legacy: .denied, readWritePrompts: false),
  ]

  static let iOS14: [Scenario] = [
    Scenario(
      name: "unconfirmed", steps: [], legacy: .notDetermined, addOnly: .notDetermined,
      readWrite: .notDetermined, addOnlyPrompts: true, readWritePrompts: true),
    Scenario(
      name: "Add photo only (addOnly OK)", steps: [(.addOnly, .allow)], legacy: .notDetermined,
      addOnly: .authorized, readWrite: .notDetermined, addOnlyPrompts: false,
      readWritePrompts: true),
    Scenario(
      name: "None (addOnly Do not allow)", steps: [(.addOnly, .deny)], legacy: .notDetermined,
      addOnly: .denied, readWrite: .notDetermined, addOnlyPrompts: false,
      readWritePrompts: true),
    Scenario(
      name: "Selected photo (readWrite)", steps: [(.readWrite, .limited)], legacy: .authorized,
      addOnly: .limited, readWrite: .limited, addOnlyPrompts: false, readWritePrompts: false),
    Scenario(
      name: "All photos (readWrite)", steps: [(.readWrite, .allow)], legacy: .authorized,
      addOnly: .authorized, readWrite: .authorized, addOnlyPrompts: false,
      readWritePrompts: false),
    Scenario(
      name: "None (readWrite Do not allow)", steps: [(.readWrite, .deny)], legacy: .denied,
      addOnly: .notDetermined, readWrite: .denied, addOnlyPrompts: true,
      readWritePrompts: false),
  ]

  @Test(arguments: iOS13)
  func iOS13_4_1Table(scenario: Scenario) {
    let state = Self.run(scenario.steps, ios: .iOS13)
    #expect(state.legacyStatus == scenario.legacy)
    #expect(
      state.wouldPrompt(.legacy, context: RequestContext(ios: .iOS13)) == scenario.readWritePrompts)
  }

  @Test(arguments: iOS14)
  func iOS14_2_1Table(scenario: Scenario) {
    let state = Self.run(scenario.steps, ios: .iOS14)
    let context = RequestContext(ios: .iOS14)
    #expect(state.legacyStatus == scenario.legacy)
    #expect(state.status(for: .addOnly) == scenario.addOnly)
    #expect(state.status(for: .readWrite) == scenario.readWrite)
    #expect(state.wouldPrompt(.addOnly, context: context) == scenario.addOnlyPrompts)
    #expect(state.wouldPrompt(.readWrite, context: context) == scenario.readWritePrompts)
  }

  /// "State of setting screen": both levels requested, then each Settings option chosen.
  @Test(arguments: [
    (
      SettingsOption.addPhotosOnly, AuthorizationStatus.denied, AuthorizationStatus.authorized,
      AuthorizationStatus.denied
    ),
    (.selectedPhotos, .authorized, .limited, .limited),
    (.allPhotos, .authorized, .authorized, .authorized),
    (.none, .denied, .denied, .denied),
  ])
  func iOS14_2_1SettingsScreen(
    option: SettingsOption, legacy: AuthorizationStatus, addOnly: AuthorizationStatus,
    readWrite: AuthorizationStatus
  ) throws {
    var state = Self.run([(.addOnly, .allow), (.readWrite, .allow)], ios: .iOS14)
    #expect(state.settingsOptions(ios: .iOS14).count == 4)
    _ = try state.chooseInSettings(option, ios: .iOS14)
    #expect(state.legacyStatus == legacy)
    #expect(state.status(for: .addOnly) == addOnly)
    #expect(state.status(for: .readWrite) == readWrite)
  }
}
