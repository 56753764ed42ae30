import PhotoLibrary
import PickerCore
import Testing

/// A picker driven through the REAL permission engine in memory: a `PhotoLibrarySession` over
/// `MemoryAuthorizationStore` and `MemoryLibraryBackend` with fixture assets behind
/// `PermissionClient.live`, a `PickerDriver`, and what the host app received. Answers are
/// scripted by sending the taps a user would make.
final class PickerHarness {
  static let bundleID = "com.example.picker"
  let session: PhotoLibrarySession
  let store: MemoryAuthorizationStore
  let library: MemoryLibraryBackend
  let driver: PickerDriver

  init(
    ios: IOSVersion, authorization: AuthorizationState = .firstLaunch,
    infoPlist: InfoPlist = .builtIn, assetCount: Int = 6,
    configuration: PickerConfiguration = PickerConfiguration(columns: 3, rows: 2)
  ) {
    store = MemoryAuthorizationStore([Self.bundleID: authorization])
    library = MemoryLibraryBackend(assets: AssetFixtures.assets(assetCount))
    session = PhotoLibrarySession(
      bundleID: Self.bundleID, ios: ios, infoPlist: infoPlist, backend: library, store: store)
    var environment = PickerEnvironment(
      permissions: .live(session, onError: { Issue.record("store error: \($0)") }))
    let box = Box()
    environment.deliver = { box.delivered.append($0) }
    environment.loadThumbnails = { box.thumbnails.append($0) }
    driver = PickerDriver(
      state: PickerState(configuration: configuration), environment: environment)
    self.box = box
  }

  private let box: Box
  private final class Box {
    var delivered: [PickResult] = []
    var thumbnails: [[String]] = []
  }

  /// What the host app received through `finishPicking`.
  var results: [PickResult] { box.delivered }
  /// Every thumbnail batch asked for.
  var thumbnailBatches: [[String]] { box.thumbnails }

  /// Launches the app.
  @discardableResult
  func launch() -> Self {
    driver.launch()
    return self
  }

  /// Sends actions in order.
  @discardableResult
  func send(_ actions: PickerAction...) -> Self {
    for action in actions { driver.send(action) }
    return self
  }

  /// Taps overlay buttons in order.
  @discardableResult
  func tap(_ buttons: OverlayButton...) -> Self {
    for button in buttons { driver.send(.overlayButtonTapped(button)) }
    return self
  }

  /// The stored state.
  var stored: AuthorizationState { (try? store.load(bundleID: Self.bundleID)) ?? .firstLaunch }

  /// Changes the stored state as another process would (a `photogate` command).
  func storeFromOutside(_ change: (inout AuthorizationState) -> Void) {
    _ = try? store.update(bundleID: Self.bundleID, change)
  }

  /// The screen as snapshot text.
  var text: String { driver.screen.text }
}

extension PickerHarness {
  /// Taps the button of the system prompt that is up which means `answer`; records an issue
  /// when no prompt with such a button is up.
  @discardableResult
  func answerPrompt(_ answer: PromptAnswer) -> Self {
    guard case .systemPrompt(let prompt) = driver.state.overlay,
      let button = prompt.button(for: answer)
    else {
      Issue.record("no system prompt with a '\(answer)' button is up")
      return self
    }
    return tap(.prompt(button.role))
  }
}
