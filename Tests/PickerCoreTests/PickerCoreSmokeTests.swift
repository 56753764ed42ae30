import PickerCore
import Testing

@Suite struct PickerCoreSmokeTests {
  @Test func moduleLinks() {
    #expect(String(describing: PickerCore.self) == "PickerCore")
  }
}
