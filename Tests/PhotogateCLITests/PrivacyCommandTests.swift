import Foundation
import TestSupport
import Testing

/// `photogate privacy` and `restrict` end to end: every state set directly, and what the app
/// sees in each.
@Suite struct PrivacyCommandTests {
  @Test func visibilityFollowsEveryState() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try AssetsCommandTests.ids(fixture).isEmpty)
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    #expect(try AssetsCommandTests.ids(fixture).count == 4)
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    #expect(try AssetsCommandTests.ids(fixture).isEmpty)
    #expect(try fixture.run("select", "--add", "grace-hopper-1984.jpg").status == 0)
    #expect(try AssetsCommandTests.ids(fixture) == ["grace-hopper-1984.jpg"])
    #expect(try fixture.run("restrict", "on").status == 0)
    #expect(try AssetsCommandTests.ids(fixture).isEmpty)
    #expect(try fixture.run("restrict", "off").status == 0)
    #expect(try AssetsCommandTests.ids(fixture) == ["grace-hopper-1984.jpg"])
    #expect(try fixture.run("privacy", "reset", "photos").status == 0)
    #expect(try fixture.run("privacy", "grant", "photos-add").status == 0)
    #expect(try AssetsCommandTests.ids(fixture).isEmpty)
  }
}
