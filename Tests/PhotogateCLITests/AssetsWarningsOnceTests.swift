import Foundation
import TestSupport
import Testing

/// `photogate assets` prints a warning about a file once per change of the file, per library,
/// and every one with `--all-warnings`.
@Suite struct AssetsWarningsOnceTests {
  static let warning = "warning: "
  static let asBefore = "1 warning as before, for unchanged files (--all-warnings prints them)"

  /// A library with one photo and a dangling link (a warning on every scan), full access.
  static func fixture() throws -> (PermissionCLIFixture, URL) {
    let fixture = try PermissionCLIFixture()
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let link = fixture.library.appendingPathComponent("gone.jpg")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/nowhere")
    return (fixture, link)
  }

  static func warnings(_ result: CLIRunner.Result) -> [Substring] {
    result.stderr.split(separator: "\n").filter { $0.contains(warning) }
  }

  @Test func aWarningIsPrintedOnceUntilTheFileChanges() throws {
    let (fixture, link) = try Self.fixture()
    defer { fixture.remove() }
    let first = try fixture.run("assets")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(Self.warnings(first).count == 1, "\(first.stderr)")
    #expect(first.stderr.contains("gone.jpg"))

    let second = try fixture.run("assets")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(Self.warnings(second).isEmpty, "\(second.stderr)")
    #expect(second.stderr.contains(Self.asBefore), "\(second.stderr)")
    #expect(second.stdout == first.stdout)

    let all = try fixture.run("assets", "--all-warnings")
    #expect(Self.warnings(all).count == 1, "\(all.stderr)")
    #expect(!all.stderr.contains("as before"))

    // The link now points elsewhere (another size): a changed file is warned about again.
    try FileManager.default.removeItem(at: link)
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "/nowhere/else")
    let changed = try fixture.run("assets")
    #expect(Self.warnings(changed).count == 1, "\(changed.stderr)")
    #expect(Self.warnings(try fixture.run("assets")).isEmpty)
  }

  @Test func eachLibraryHasItsOwnRecord() throws {
    let (fixture, _) = try Self.fixture()
    defer { fixture.remove() }
    #expect(Self.warnings(try fixture.run("assets")).count == 1)
    // The same files under another folder name: another library, warned about once too.
    let other = fixture.root.appendingPathComponent("other")
    try FileManager.default.copyItem(at: fixture.library, to: other)
    let elsewhere = try CLIRunner.run(
      ["assets", "--library", other.path, "--state-dir", fixture.state.path, "--app", fixture.app])
    #expect(Self.warnings(elsewhere).count == 1, "\(elsewhere.stderr)")
    #expect(Self.warnings(try fixture.run("assets")).isEmpty)
  }

  @Test func aDamagedRecordPrintsEverythingAgainAndIsReplaced() throws {
    let (fixture, _) = try Self.fixture()
    defer { fixture.remove() }
    #expect(Self.warnings(try fixture.run("assets")).count == 1)
    let record = fixture.state.appendingPathComponent("reported-warnings.json")
    try Data("{ not json".utf8).write(to: record)
    let again = try fixture.run("assets")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(Self.warnings(again).count == 1, "\(again.stderr)")
    #expect(Self.warnings(try fixture.run("assets")).isEmpty)
  }
}
