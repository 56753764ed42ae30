import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `assets` through the library index: paging, and the index under kill -9 and two processes.
@Suite struct LibraryIndexCLITests {
  /// A library of `count` hard links to one photo in a few albums, full access, and its own
  /// index folder; files are left to settle so that a run records them in the index.
  struct Fixture {
    let base: PermissionCLIFixture
    let index: URL

    init(count: Int = 0) throws {
      base = try PermissionCLIFixture()
      index = base.root.appendingPathComponent("index")
      let photo = base.library.appendingPathComponent("grace-hopper-1984.jpg").path
      for number in 0..<count {
        let folder = base.library.appendingPathComponent("Album\(number % 5)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        link(photo, folder.appendingPathComponent("p\(number).jpg").path)
      }
      _ = try base.run("privacy", "grant", "photos")
      // The index does not record files changed in the last two seconds (by their ctime):
      // wait until the newest link is older than that, as the clock says, at most 10 s.
      if count > 0 {
        let newest = base.library.appendingPathComponent(
          "Album\((count - 1) % 5)/p\(count - 1).jpg")
        var info = stat()
        let deadline = ContinuousClock.now + .seconds(10)
        while stat(newest.path, &info) == 0, Int(info.st_ctim.tv_sec) >= Int(time(nil)) - 2,
          ContinuousClock.now < deadline
        {
          usleep(50_000)
        }
      }
    }

    func assets(_ extra: [String] = [], index setting: String? = nil) throws -> CLIRunner.Result {
      try CLIRunner.run(
        ["assets", "--json"] + extra
          + ["--library", base.library.path, "--state-dir", base.state.path, "--app", base.app],
        environment: ["PHOTOGATE_LIBRARY_INDEX": setting ?? index.path])
    }

    /// Starts `assets --json` without waiting for it.
    func startAssets() throws -> Process {
      let process = Process()
      process.executableURL = CLIRunner.executable
      process.arguments = [
        "assets", "--json", "--library", base.library.path, "--state-dir", base.state.path,
        "--app", base.app,
      ]
      var environment = ProcessInfo.processInfo.environment
      environment["PHOTOGATE_LIBRARY_INDEX"] = index.path
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }
  }

  static func ids(_ result: CLIRunner.Result) throws -> [String] {
    let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    return try #require(array).compactMap { $0["id"] as? String }
  }

  @Test func offsetAndLimitPageThroughTheNewestFirstList() throws {
    let fixture = try Fixture()
    defer { fixture.base.remove() }
    let all = try Self.ids(try fixture.assets())
    #expect(all.count == 4)
    #expect(
      try Self.ids(try fixture.assets(["--offset", "1", "--limit", "2"])) == Array(all[1..<3]))
    #expect(try Self.ids(try fixture.assets(["--offset", "3"])) == [all[3]])
    #expect(try Self.ids(try fixture.assets(["--offset", "9"])) == [])
    #expect(try Self.ids(try fixture.assets(["--limit", "0"])) == [])
    let bad = try fixture.assets(["--offset=-1"])
    #expect(bad.status != 0)
    #expect(bad.stderr.contains("--offset must be 0 or more"))
  }

  @Test func theListingIsTheSameWithAndWithoutTheIndex() throws {
    let fixture = try Fixture(count: 40)
    defer { fixture.base.remove() }
    let plain = try fixture.assets(index: "off")
    #expect(try Self.ids(plain).count == 44)
    #expect(try fixture.assets().stdout == plain.stdout)
    #expect(try fixture.assets().stdout == plain.stdout)
    #expect(FileManager.default.fileExists(atPath: fixture.index.path))
  }

  /// A process killed at any moment of an index update leaves an index the next run uses
  /// as is, with the same listing as no index at all.
  @Test func aKillDuringAnIndexUpdateLeavesAUsableIndex() throws {
    let fixture = try Fixture(count: 1500)
    defer { fixture.base.remove() }
    let plain = try fixture.assets(index: "off")
    for (round, delay) in [0.03, 0.08, 0.15, 0.25, 0.4].enumerated() {
      let process = try fixture.startAssets()
      Thread.sleep(forTimeInterval: delay)
      kill(process.processIdentifier, SIGKILL)
      process.waitForExit()
      // Something new each round, so that every run has an update to make.
      try FileManager.default.removeItem(
        at: fixture.base.library.appendingPathComponent("Album0/p\(round * 5).jpg"))
      let after = try fixture.assets()
      #expect(after.status == 0, "\(after.stderr)")
      #expect(!after.stderr.contains("index"), "\(after.stderr)")
      #expect(try Self.ids(after) == Self.ids(try fixture.assets(index: "off")))
    }
    #expect(try Self.ids(plain).count == 1504)
  }

  @Test func twoProcessesUpdatingTheIndexAtOnceBothSucceed() throws {
    let fixture = try Fixture(count: 1500)
    defer { fixture.base.remove() }
    let first = try fixture.startAssets()
    let second = try fixture.startAssets()
    #expect(first.waitForExit() == 0)
    #expect(second.waitForExit() == 0)
    #expect(try fixture.assets().stdout == (try fixture.assets(index: "off")).stdout)
  }
}
