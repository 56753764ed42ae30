import PhotoLibrary
import PickerCore
import Testing

/// The snapshot guide's tip on tapping a prompt button by meaning, as written there.
@Suite struct PromptTipTests {
  @Test(arguments: [IOSVersion.iOS14, .iOS17])
  func theLimitedButtonIsTappedByMeaning(ios: IOSVersion) throws {
    let device = PhotoLibrarySession(
      bundleID: "com.example.myapp", ios: ios, backend: MemoryLibraryBackend(assets: []),
      store: MemoryAuthorizationStore())
    let picker = PickerDriver(environment: PickerEnvironment(permissions: .live(device)))
    picker.launch()
    if case .systemPrompt(let prompt) = picker.state.overlay {
      // "Select Photos…" on iOS 14–16, "Limit Access…" on 17+: one value for both.
      #expect(prompt.button(.limit) != nil)
    }
    picker.send(.overlayButtonTapped(.prompt(.limit)))
    #expect(try device.authorizationStatus(for: .readWrite) == .limited)
  }
}
