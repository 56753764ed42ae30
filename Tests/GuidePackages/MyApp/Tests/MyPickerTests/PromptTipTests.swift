import PhotoLibrary
import PickerCore
import Testing

/// The snapshot guide's tip on tapping a prompt button by meaning, as written there.
@Suite struct PromptTipTests {
  @Test(arguments: [IOSVersion.iOS14, .iOS17])
  func theLimitedButtonIsFoundByMeaning(ios: IOSVersion) {
    let device = PermissionSimulator(
      authorization: .firstLaunch, ios: ios, bundleID: "com.example.myapp", assets: [])
    let picker = PickerDriver(environment: PickerEnvironment(permissions: .simulated(device)))
    picker.launch()
    if case .systemPrompt(let prompt) = picker.state.overlay,
      let limited = prompt.button(for: .limited)
    {
      picker.send(.overlayButtonTapped(limited.label))
    }
    #expect(device.authorization.readWrite == .limited)
  }
}
