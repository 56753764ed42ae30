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

  @Test func concurrentSelectsNeverLoseEachOthersEdits() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    let ids = [
      "grace-hopper-1984.jpg", "summer-palace-beijing.jpg", "coffee-cup-cutout-rgba.png",
      "Trips/retina-fundus.jpg",
    ]
    let statuses = LockedStatuses()
    DispatchQueue.concurrentPerform(iterations: ids.count) { index in
      let status = (try? fixture.run("select", "--add", ids[index]).status) ?? -1
      statuses.append(status)
    }
    #expect(statuses.all == Array(repeating: 0, count: ids.count))
    #expect(try fixture.status()["selection"] as? [String] == ids.sorted())
  }

  @Test func staleIDsCanBeRemoved() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    #expect(try fixture.run("select", "--add", "grace-hopper-1984.jpg").status == 0)
    try FileManager.default.removeItem(
      at: fixture.library.appendingPathComponent("grace-hopper-1984.jpg"))
    #expect(try fixture.run("select", "--remove", "grace-hopper-1984.jpg").status == 0)
    #expect(try fixture.status()["selection"] as? [String] == [])
  }
}

final class LockedStatuses: @unchecked Sendable {
  private let lock = NSLock()
  private var statuses: [Int32] = []
  func append(_ status: Int32) { lock.withLock { statuses.append(status) } }
  var all: [Int32] { lock.withLock { statuses } }
}
