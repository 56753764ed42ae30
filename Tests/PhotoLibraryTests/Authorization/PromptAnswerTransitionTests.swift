import PhotoLibrary
import Testing

/// Every prompt-answer transition of the requests and prompts: (iOS, stored P/A, plist, call,
/// button) → stored P/A and
/// the status the handler receives.
@Suite struct PromptAnswerTransitionTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var ios: IOSVersion
    var p: ReadWriteDecision
    var a: AddOnlyDecision
    var addKey = true
    var request: AuthorizationRequest
    var button: String
    var newP: ReadWriteDecision
    var newA: AddOnlyDecision
    var handler: AuthorizationStatus
    var testDescription: String { "iOS \(ios) \(p)/\(a) \(request) → \(button)" }
  }

  static let rows: [Row] = [
    Row(
      ios: .iOS13, p: .unset, a: .unset, request: .legacy, button: "OK", newP: .authorized,
      newA: .unset, handler: .authorized),
    Row(
      ios: .iOS13, p: .unset, a: .unset, request: .legacy, button: "Don’t Allow",
      newP: .denied, newA: .unset, handler: .denied),
    Row(
      ios: .iOS14, p: .unset, a: .unset, request: .addOnly, button: "OK", newP: .unset,
      newA: .authorized, handler: .authorized),
    Row(
      ios: .iOS14, p: .unset, a: .unset, request: .addOnly, button: "Don’t Allow",
      newP: .unset, newA: .denied, handler: .denied),
    Row(
      ios: .iOS14, p: .denied, a: .unset, request: .addOnly, button: "OK", newP: .denied,
      newA: .authorized, handler: .authorized),
    Row(
      ios: .iOS15, p: .unset, a: .unset, request: .readWrite, button: "Select Photos…",
      newP: .limited, newA: .unset, handler: .limited),
    Row(
      ios: .iOS16, p: .unset, a: .unset, request: .readWrite,
      button: "Allow Access to All Photos", newP: .authorized, newA: .unset,
      handler: .authorized),
    Row(
      ios: .iOS17, p: .unset, a: .authorized, request: .readWrite, button: "Keep Add Only",
      newP: .denied, newA: .authorized, handler: .denied),
    Row(
      ios: .iOS18, p: .unset, a: .denied, request: .readWrite, button: "Limit Access…",
      newP: .limited, newA: .denied, handler: .limited),
    Row(
      ios: .iOS26, p: .unset, a: .unset, request: .legacy, button: "Limit Access…",
      newP: .limited, newA: .unset, handler: .authorized),
    Row(
      ios: .iOS14, p: .unset, a: .unset, addKey: false, request: .addOnly,
      button: "Allow Access to All Photos", newP: .authorized, newA: .unset,
      handler: .authorized),
    Row(
      ios: .iOS14, p: .unset, a: .unset, addKey: false, request: .addOnly,
      button: "Don’t Allow", newP: .denied, newA: .unset, handler: .denied),
  ]

  @Test(arguments: rows)
  func answerStoresAndReports(row: Row) throws {
    var state = AuthorizationState(readWrite: row.p, addOnly: row.a)
    var plist = InfoPlist.builtIn
    if !row.addKey { plist.addUsageDescription = nil }
    var launch = LaunchState.fresh
    guard
      case .prompt(let prompt) = state.beginRequest(
        row.request, context: RequestContext(ios: row.ios, infoPlist: plist))
    else {
      Issue.record("no prompt")
      return
    }
    let button = try #require(prompt.buttons.first { $0.label == row.button })
    var status: AuthorizationStatus
    switch state.answer(button.answer, to: prompt, launch: &launch) {
    case .completed(let reported): status = reported
    case .limitedPicker(let picker, let prompt):
      status = state.finishLimitedPicker(picker.done, for: prompt)
      #expect(launch.limitedChosenThisLaunch)
    default:
      Issue.record("unexpected step")
      return
    }
    #expect(state.readWrite == row.newP)
    #expect(state.addOnly == row.newA)
    #expect(status == row.handler)
  }
}
