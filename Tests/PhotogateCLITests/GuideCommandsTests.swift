import Foundation
import TestSupport
import Testing

/// `scripts/check-guide-commands`: every shell command of the guides and of the README's
/// "A taste" runs as printed, from the checkout, and exits with the code its guide announces.
@Suite struct GuideCommandsTests {
  @Test func everyGuideCommandExitsAsItsGuideAnnounces() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      TestPaths.packageRoot.appendingPathComponent("scripts/check-guide-commands").path
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["PHOTOGATE_BIN"] = CLIRunner.executable.path
    environment["PHOTOGATE_LIBRARY"] = nil
    environment["PHOTOGATE_STATE_DIR"] = nil
    process.environment = environment
    process.currentDirectoryURL = TestPaths.packageRoot
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let status = process.waitForExit()
    #expect(status == 0, "\(printed)")
    #expect(printed.contains("all "), "\(printed)")
    #expect(printed.contains("docs/permissions-guide.md:"), "\(printed)")
  }
}
