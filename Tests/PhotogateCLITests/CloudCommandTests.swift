import Foundation
import TestSupport
import Testing

/// `photogate cloud` and the `isInCloud` field of `assets --json`, through the built binary.
@Suite struct CloudCommandTests {
  static func json(_ result: CLIRunner.Result) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  @Test func offloadRestoreAndStatus() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let before = try FileManager.default.contentsOfDirectory(atPath: fixture.library.path)
    let offload = try fixture.run(
      "cloud", "offload", "grace-hopper-1984.jpg", "Trips/retina-fundus.jpg")
    #expect(offload.status == 0, "\(offload.stderr)")
    #expect(
      offload.stdout == "grace-hopper-1984.jpg, Trips/retina-fundus.jpg: now in iCloud only\n")
    #expect(
      try fixture.run("cloud", "offload", "grace-hopper-1984.jpg").stdout
        == "already in iCloud only\n")
    let status = try fixture.run("cloud", "status")
    #expect(
      status.stdout.contains(
        "in iCloud only (2):\n  Trips/retina-fundus.jpg\n  grace-hopper-1984.jpg\n"))
    #expect(status.stdout.contains("network: 2 MB/s, latency 200 ms, fail rate 0, online, seed 0"))
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let assets = try Self.json(try fixture.run("assets", "--json")) as? [[String: Any]] ?? []
    let inCloud = assets.filter { $0["isInCloud"] as? Bool == true }.compactMap {
      $0["id"] as? String
    }
    #expect(inCloud.sorted() == ["Trips/retina-fundus.jpg", "grace-hopper-1984.jpg"])
    #expect(assets.count == 4 && assets.allSatisfy { $0["isInCloud"] is Bool })
    let restore = try fixture.run("cloud", "restore", "grace-hopper-1984.jpg")
    #expect(restore.stdout == "grace-hopper-1984.jpg: now on the device\n")
    let all = try fixture.run("cloud", "restore", "--all")
    #expect(all.stdout == "Trips/retina-fundus.jpg: now on the device\n")
    #expect(try fixture.run("cloud", "restore", "--all").stdout == "nothing was in iCloud only\n")
    // The library folder is never changed.
    let after = try FileManager.default.contentsOfDirectory(atPath: fixture.library.path)
    #expect(after.sorted() == before.sorted())
  }

  @Test func theSnapshotDrawsTheCloudsAsTheGalleryDoes() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    #expect(!(try fixture.run("snapshot").stdout.contains("☁")))
    #expect(try fixture.run("cloud", "offload", "grace-hopper-1984.jpg").status == 0)
    let snapshot = try fixture.run("snapshot")
    #expect(snapshot.status == 0, "\(snapshot.stderr)")
    #expect(snapshot.stdout.components(separatedBy: "☁").count == 2)
    let json = try fixture.run("snapshot", "--json").stdout
    #expect(json.contains(#""cloud" : "☁""#))
  }

  @Test func aNewFileUnderAnOffloadedNameIsNotInICloud() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("cloud", "offload", "grace-hopper-1984.jpg").status == 0)
    let file = fixture.library.appendingPathComponent("grace-hopper-1984.jpg")
    let bytes = try Data(contentsOf: file)
    try FileManager.default.removeItem(at: file)
    try bytes.write(to: file)
    #expect(try fixture.run("cloud", "status").stdout.contains("in iCloud only: none"))
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    #expect(!(try fixture.run("assets", "--json").stdout.contains(#""isInCloud" : true"#)))
  }

  @Test func anUnknownIdIsNamedEscapedAndNothingChanges() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let result = try fixture.run("cloud", "offload", "grace-hopper-1984.jpg", "evil\u{1B}[2J.jpg")
    #expect(result.status == 1)
    #expect(result.stderr.contains("no asset 'evil\\u{1B}[2J.jpg' in the library"))
    #expect(!result.stderr.contains("\u{1B}"))
    #expect(try fixture.run("cloud", "status").stdout.contains("in iCloud only: none"))
  }

  @Test func theNetworkIsSetAndReportedAsJSON() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let set = try fixture.run(
      "cloud", "network", "--speed", "500kB/s", "--latency", "1.5s", "--fail-rate", "0.25",
      "--offline", "--seed", "42")
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stdout == "network: 500 kB/s, latency 1500 ms, fail rate 0.25, offline, seed 42\n")
    let online = try fixture.run("cloud", "network", "--online", "--speed", "unlimited")
    #expect(
      online.stdout == "network: unlimited, latency 1500 ms, fail rate 0.25, online, seed 42\n")
    let status = try Self.json(try fixture.run("cloud", "status", "--json")) as? [String: Any]
    let network = status?["network"] as? [String: Any]
    #expect(network?["bytesPerSecond"] is NSNull)
    #expect(network?["latencyMilliseconds"] as? Int == 1500)
    #expect(network?["failRate"] as? Double == 0.25)
    #expect(network?["offline"] as? Bool == false)
    #expect(network?["seed"] as? Int == 42)
    #expect(status?["offloaded"] as? [String] == [])
  }

  // One case at a time: each runs the binary beside the suite's other tests.
  @Test(
    .serialized,
    arguments: [
      (["--speed", "fast"], "--speed must be a speed like"),
      (["--speed", "20GB/s"], "--speed must be at most 10 GB/s"),
      (["--latency", "soon"], "--latency must be a time like"),
      (["--latency", "700s"], "--latency must be from 0 to 600,000 (milliseconds); got 700000"),
      (["--latency", "-1"], "--latency must be from 0 to 600,000"),
      (["--fail-rate", "1.5"], "--fail-rate must be from 0 to 1; got 1.5"),
      (["--fail-rate", "-0.1"], "--fail-rate must be from 0 to 1"),
      (["--seed", "-1"], "--seed must be from 0 to 9,223,372,036,854,775,807; got -1"),
      (["--offline", "--online"], "give --offline or --online, not both"),
    ] as [([String], String)])
  func badNetworkValuesAreBadUsage(arguments: [String], message: String) throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let result = try fixture.run(["cloud", "network"] + arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: fixture.state.appendingPathComponent("libraries").path))
  }

  @Test func restoreNeedsIdsOrAll() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("cloud", "restore").status == 2)
    #expect(try fixture.run("cloud", "restore", "--all", "a.jpg").status == 2)
    #expect(try fixture.run("cloud", "offload").status == 2)
  }

  @Test func aDamagedStateFileIsNamedNeverReadAsNothingOffloaded() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("cloud", "offload", "grace-hopper-1984.jpg").status == 0)
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let folder = fixture.state.appendingPathComponent("libraries")
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
        $0.hasSuffix("-cloud.json")
      })
    let file = folder.appendingPathComponent(name)
    try Data("{\"version\": 1, \"value\": {\"library\": 3}}".utf8).write(to: file)
    for command in [["cloud", "status"], ["cloud", "restore", "--all"], ["assets", "--json"]] {
      let result = try fixture.run(command)
      #expect(result.status == 1, "\(command)")
      #expect(result.stderr.contains("\(file.path): damaged state file"), "\(result.stderr)")
    }
  }
}
