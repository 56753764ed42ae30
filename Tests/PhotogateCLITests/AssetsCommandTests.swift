import Foundation
import TestSupport
import Testing

/// `photogate assets`, `select`, `privacy` and `restrict` end to end: what the app can see.
@Suite struct AssetsCommandTests {
  static func ids(_ fixture: PermissionCLIFixture, _ extra: String...) throws -> [String] {
    let result = try fixture.run(["assets", "--json"] + extra)
    let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    return array?.compactMap { $0["id"] as? String } ?? []
  }

  @Test func visibilityFollowsEveryState() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try Self.ids(fixture).isEmpty)
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    #expect(try Self.ids(fixture).count == 4)
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    #expect(try Self.ids(fixture).isEmpty)
    #expect(try fixture.run("select", "--add", "grace-hopper-1984.jpg").status == 0)
    #expect(try Self.ids(fixture) == ["grace-hopper-1984.jpg"])
    #expect(try fixture.run("restrict", "on").status == 0)
    #expect(try Self.ids(fixture).isEmpty)
    #expect(try fixture.run("restrict", "off").status == 0)
    #expect(try Self.ids(fixture) == ["grace-hopper-1984.jpg"])
    #expect(try fixture.run("privacy", "reset", "photos").status == 0)
    #expect(try fixture.run("privacy", "grant", "photos-add").status == 0)
    #expect(try Self.ids(fixture).isEmpty)
  }

  @Test func assetsJSONHasIdPathWidthHeight() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let result = try fixture.run("assets", "--json")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let grace = try #require(array.first { $0["id"] as? String == "grace-hopper-1984.jpg" })
    #expect(Set(grace.keys) == ["id", "path", "width", "height"])
    #expect(grace["width"] as? Int == 512)
    #expect(grace["height"] as? Int == 600)
  }

  @Test func automaticAlertOncePerCommandUnlessPrevented() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    let first = try fixture.run("assets")
    #expect(first.stderr.components(separatedBy: "Keep Current Selection]").count == 2)
    let more = try fixture.run(
      "assets", "--alert", "select-more", "--select", "Trips/retina-fundus.jpg")
    #expect(more.stdout.contains("Trips/retina-fundus.jpg"))
    let plist = try fixture.plist([
      "NSPhotoLibraryUsageDescription": "Read",
      "PHPhotoLibraryPreventAutomaticLimitedAccessAlert": true,
    ])
    let prevented = try fixture.run("assets", "--info-plist", plist)
    #expect(!prevented.stderr.contains("Keep Current Selection"))
  }

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
