import PhotoLibrary
import PickerCore
import Testing

@Suite struct PickerDriverTests {
  /// Holds the driver weakly so that the environment's closure can send back into it.
  final class WeakDriver { weak var driver: PickerDriver? }

  @Test func actionsSentFromInsideAnEffectAreQueuedAfterTheCurrentOnes() {
    let holder = WeakDriver()
    var order: [String] = []
    let environment = PickerEnvironment(
      permissions: .fixed(
        LibraryContents(status: .authorized, assets: AssetFixtures.assets(3)),
        launch: LaunchInfo(appName: "App", ios: .iOS17)),
      loadThumbnails: { ids in
        order.append("load \(ids.count)")
        // A synchronous loader answers at once; the driver must queue it, not recurse.
        holder.driver?.send(.cursorMoved(.right))
        order.append("loader returned")
      })
    let driver = PickerDriver(environment: environment)
    holder.driver = driver
    driver.launch()

    #expect(order == ["load 3", "loader returned"])
    // The move was applied after the effect returned, and showed nothing new.
    #expect(driver.state.grid.focus == 1)
    #expect(
      driver.performedEffects == [
        .requestAuthorization(.readWrite), .readLibrary, .loadThumbnails(AssetFixtures.ids(1...3)),
      ])
  }
}
