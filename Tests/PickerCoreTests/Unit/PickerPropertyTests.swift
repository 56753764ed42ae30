import PhotoLibrary
import PickerCore
import Testing

/// Random sequences of user actions through the real permission model: whatever the user
/// does, the screen never shows more than the access allows and its invariants hold.
@Suite struct PickerPropertyTests {
  static let starts: [AuthorizationState] = [
    .firstLaunch,
    AuthorizationState(readWrite: .denied, requestedLevels: [.readWrite]),
    AuthorizationState(
      readWrite: .limited, limitedSelection: ["IMG_0002.jpg", "IMG_0007.jpg"],
      requestedLevels: [.readWrite]),
    AuthorizationState(readWrite: .authorized, requestedLevels: [.readWrite, .addOnly]),
    AuthorizationState(addOnly: .authorized, requestedLevels: [.addOnly]),
    AuthorizationState(isRestricted: true, requestedLevels: [.readWrite]),
  ]

  @Test(arguments: [IOSVersion.iOS13, .iOS14, .iOS17])
  func randomJourneysKeepTheScreenWithinTheAccess(ios: IOSVersion) {
    var rng = SeededGenerator(seed: UInt64(ios.rawValue))
    for run in 0..<150 {
      let start = Self.starts[run % Self.starts.count]
      let picker = PickerHarness(
        ios: ios, authorization: start, assetCount: 9,
        configuration: PickerConfiguration(columns: 2, rows: 2, selectionLimit: 3))
      picker.launch()
      for step in 0..<60 {
        picker.send(Self.randomAction(for: picker.driver.state, using: &rng))
        let problems = Self.violations(picker)
        if !problems.isEmpty {
          Issue.record("iOS \(ios) run \(run) step \(step): \(problems)")
          return
        }
      }
    }
  }

  static func randomAction(for state: PickerState, using rng: inout SeededGenerator)
    -> PickerAction
  {
    if let overlay = state.overlay, !overlay.buttons.isEmpty, Int.random(in: 0..<3, using: &rng) > 0
    {
      return .overlayButtonTapped(overlay.actions.randomElement(using: &rng)!)
    }
    let choices: [PickerAction] = [
      .manageTapped, .seeAllPhotosTapped, .openSettingsTapped, .focusedItemToggled,
      .cursorMoved(GridMove.allCases.randomElement(using: &rng)!),
      .itemToggled("IMG_000\(Int.random(in: 1...9, using: &rng)).jpg"),
      .overlayFocusMoved(by: Int.random(in: -2...2, using: &rng)),
      .overlayFocusedButtonActivated, .photoLibraryDidChange,
      .authorizationRequested(Bool.random(using: &rng) ? .addOnly : .readWrite),
      .viewportResized(
        columns: Int.random(in: 1...4, using: &rng), rows: Int.random(in: 1...3, using: &rng)),
      .addTapped, .cancelTapped,
    ]
    return choices.randomElement(using: &rng)!
  }

  static func violations(_ picker: PickerHarness) -> [String] {
    let state = picker.driver.state
    let model = picker.stored
    let ios = picker.session.ios
    var problems: [String] = []
    let ids = state.assets.map(\.id)
    if state.grid.count != ids.count { problems.append("grid count \(state.grid.count)") }
    if !ids.isEmpty && !state.grid.visibleRange.contains(state.grid.focus) {
      problems.append("focus \(state.grid.focus) outside \(state.grid.visibleRange)")
    }
    if let picked = state.picking?.ids {
      if !Set(picked).isSubset(of: ids) { problems.append("picked \(picked) not all visible") }
      if Set(picked).count != picked.count { problems.append("picked twice: \(picked)") }
      if picked.count > 3 { problems.append("picked over the limit: \(picked)") }
    }
    if let overlay = state.overlay, !overlay.buttons.indices.contains(state.overlayFocus) {
      problems.append("overlay focus \(state.overlayFocus) of \(overlay.buttons)")
    }
    // Nothing beyond what the access allows is ever in the grid.
    let allowed = Set(
      model.libraryAccess(ios: ios).filter((try? picker.library.allAssets()) ?? []).map(\.id))
    if !Set(ids).isSubset(of: allowed) { problems.append("shows \(ids) beyond \(allowed)") }
    // A settled screen shows the model's read/write status and exactly what it allows.
    let settled =
      !state.isTerminated && state.pendingRequest == nil && state.status != nil
      && state.launch != nil
    if settled {
      let status = ios.hasAccessLevels ? model.status(for: .readWrite) : model.legacyStatus
      if state.status != status {
        problems.append("shows \(state.status.map { "\($0)" } ?? "nil"), model says \(status)")
      } else if Set(ids) != allowed {
        problems.append("shows \(ids), access allows \(allowed.sorted())")
      }
    }
    return problems
  }
}
