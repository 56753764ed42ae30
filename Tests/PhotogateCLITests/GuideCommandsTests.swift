import Foundation
import TestSupport
import Testing

/// `scripts/check-guide-commands`: every shell command of the pages in docs/ and of the README
/// runs as printed, from the checkout, and exits with the code its page announces.
@Suite struct GuideCommandsTests {
  /// Runs the script (on the Markdown files `guides`, or on its own list); its exit status and
  /// what it printed.
  static func check(_ guides: [URL]? = nil) throws -> (status: Int32, output: String) {
    try ScriptRunner.run(
      "check-guide-commands",
      environment: [
        "PHOTOGATE_BIN": CLIRunner.executable.path, "PHOTOGATE_LIBRARY": nil,
        "PHOTOGATE_STATE_DIR": nil, "CHECK_GUIDES": guides?.map(\.path).joined(separator: " "),
      ])
  }

  @Test func everyGuideCommandExitsAsItsGuideAnnounces() throws {
    let (status, output) = try Self.check()
    #expect(status == 0, "\(output)")
    #expect(output.contains("docs/permissions-guide.md: "), "\(output)")
    #expect(output.contains("README.md: "), "\(output)")
  }

  /// A command that exits otherwise than its guide says fails the check, named by guide, line
  /// and command; announced exits pass; interactive commands are skipped, not run.
  @Test func anUnannouncedExitFailsNamingTheGuideLineAndCommand() throws {
    let folder = try TestPaths.makeTemporaryDirectory("guide-check")
    defer { try? FileManager.default.removeItem(at: folder) }
    let guide = folder.appendingPathComponent("guide.md")
    try """
    # A guide

    ```sh
    photogate status                 # exit 2: wrong, status exits 0
    photogate lint Examples/Info-AddOnlyTrap.plist   # exit 1: the trap
    photogate browse --library SampleImages
    photogate matrix
    ```

    ```sh
    # slow: ten minutes of fuzzing
    photogate status   # exit 2: would fail, but the block is not run
    ```
    """.write(to: guide, atomically: true, encoding: .utf8)
    let (status, output) = try Self.check([guide])
    #expect(status == 1, "\(output)")
    #expect(
      output.contains("FAIL \(guide.path):4: exit 0, the guide announces 2: photogate status"))
    #expect(!output.contains(":5: exit"), "\(output)")
    #expect(output.contains("skip \(guide.path):6: photogate browse"), "\(output)")
    #expect(
      output.contains("skip \(guide.path):11: the block (# slow: ten minutes of fuzzing)"),
      "\(output)")
    #expect(!output.contains(":12: exit"), "\(output)")
    #expect(output.contains("\(guide.path): 3 commands run, 1 failed"), "\(output)")
  }
}
