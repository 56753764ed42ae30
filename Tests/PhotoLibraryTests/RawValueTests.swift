import PhotoLibrary
import Testing

/// docs/permission-model.md#names-and-raw-values: names and raw values mirror PhotoKit exactly.
@Suite struct RawValueTests {
  @Test(arguments: [
    (AuthorizationStatus.notDetermined, 0, "notDetermined"),
    (.restricted, 1, "restricted"),
    (.denied, 2, "denied"),
    (.authorized, 3, "authorized"),
    (.limited, 4, "limited"),
  ])
  func authorizationStatusMirrorsPHAuthorizationStatus(
    status: AuthorizationStatus, raw: Int, name: String
  ) {
    #expect(status.rawValue == raw)
    #expect(status.description == name)
    #expect(AuthorizationStatus(name: name) == status)
  }

  @Test func accessLevelMirrorsPHAccessLevel() {
    #expect(AccessLevel.addOnly.rawValue == 1)
    #expect(AccessLevel.readWrite.rawValue == 2)
  }

  @Test func onlyIOS14AndLaterHaveAccessLevels() {
    #expect(!IOSVersion.iOS13.hasAccessLevels)
    let later = IOSVersion.allCases.filter { $0 != .iOS13 }
    #expect(later.allSatisfy { $0.hasAccessLevels })
  }
}
