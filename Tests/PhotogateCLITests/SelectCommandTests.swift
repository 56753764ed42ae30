import Foundation
import TestSupport
import Testing

/// `photogate select` end to end: the limited picker from the command line.
@Suite struct SelectCommandTests {
  @Test func selectOnlyWhenLimited() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let refused = try fixture.run("select", "--add", "grace-hopper-1984.jpg")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("only while read/write is limited"))
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    let added = try jsonObject(
      try fixture.run(
        "select", "--add", "grace-hopper-1984.jpg", "Trips/retina-fundus.jpg", "--json"
      )
      .stdout)
    #expect(added["added"] as? [String] == ["Trips/retina-fundus.jpg", "grace-hopper-1984.jpg"])
    let cancelled = try jsonObject(
      try fixture.run("select", "--remove", "grace-hopper-1984.jpg", "--cancel", "--json").stdout)
    #expect(
      cancelled["selection"] as? [String] == ["Trips/retina-fundus.jpg", "grace-hopper-1984.jpg"])
    let emptied = try jsonObject(
      try fixture.run(
        "select", "--remove", "grace-hopper-1984.jpg", "Trips/retina-fundus.jpg", "--json"
      ).stdout)
    #expect(emptied["selection"] as? [String] == [])
    #expect(try fixture.run("select", "--add", "nope.jpg").status == 1)
  }
}
