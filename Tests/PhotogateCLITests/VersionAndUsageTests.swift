import Foundation
import TestSupport
import Testing

@Suite struct VersionAndUsageTests {
  @Test func versionPrintsAndExitsZero() throws {
    let result = try CLIRunner.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
  }

  @Test func unknownOptionIsBadUsageExitTwo() throws {
    let result = try CLIRunner.run(["status", "--no-such-option"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--no-such-option"))
  }

  @Test func unknownIOSVersionIsRejected() throws {
    let result = try CLIRunner.run(["status", "--ios", "12"])
    #expect(result.status == 2)
  }
}
