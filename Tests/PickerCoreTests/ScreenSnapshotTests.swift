import PhotoLibrary
import PickerCore
import SnapshotTesting
import Testing

/// Every picker screen: each status and overlay (`Scenario`) on each iOS wording (13, 14, 17),
/// through the real permission model. Snapshots: `__Snapshots__/ScreenSnapshotTests/`.
@Suite struct ScreenSnapshotTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var scenario: Scenario
    var ios: IOSVersion
    var name: String { "\(scenario.rawValue)-iOS\(ios)" }
    var testDescription: String { name }
  }

  static let wordings: [IOSVersion] = [.iOS13, .iOS14, .iOS17]
  static let cases: [Case] = wordings.flatMap { ios in
    Scenario.allCases.filter { $0.exists(on: ios) }.map { Case(scenario: $0, ios: ios) }
  }

  @Test(arguments: cases)
  func screen(_ test: Case) {
    assertSnapshot(
      of: test.scenario.run(ios: test.ios).text, as: .lines, named: test.name, testName: "screen")
  }

  @Test func screenAsJSON() {
    let picker = Scenario.limitedPicker.run(ios: .iOS17)
    assertSnapshot(of: picker.driver.screen.json(), as: .lines, named: "limitedPicker-iOS17")
  }
}
