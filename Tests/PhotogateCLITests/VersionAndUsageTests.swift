import Foundation
import TestSupport
import Testing

@Suite struct VersionAndUsageTests {
  @Test func versionPrintsAndExitsZero() throws {
    let result = try CLIRunner.run(["--version"])
    #expect(result.status == 0)
    let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(line.wholeMatch(of: /0\.1\.0 \((commit [0-9a-f]{12}(-dirty)?|unknown commit)\)/) != nil)
  }

  /// Built from this checkout, the version names its commit (a fresh clone has git).
  @Test func versionNamesTheCommitOfTheCheckout() throws {
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    git.arguments = ["-C", TestPaths.packageRoot.path, "rev-parse", "--short=12", "HEAD"]
    let pipe = Pipe()
    git.standardOutput = pipe
    git.standardError = FileHandle.nullDevice
    guard (try? git.run()) != nil else { return }
    let head = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard git.waitForExit() == 0, !head.isEmpty else { return }
    let result = try CLIRunner.run(["--version"])
    #expect(result.stdout.contains("(commit \(head)"), "\(result.stdout)")
  }

  @Test(arguments: [["help", "nosuch"], ["help", "select", "nosuch"], ["help", "help"]])
  func helpForAnUnknownCommandFails(arguments: [String]) throws {
    let result = try CLIRunner.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("photogate: help: '"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func helpForACommandAndASubcommandSucceeds() throws {
    #expect(try CLIRunner.run(["help", "thumbs"]).status == 0)
    let settings = try CLIRunner.run(["help", "settings", "set"])
    #expect(settings.status == 0)
    #expect(settings.stdout.contains("photogate settings set"))
  }

  /// Each option's default is said once: `--jobs` says "the number of cores" and the parser
  /// adds nothing (the man page must not carry the build machine's core count either).
  @Test func helpSaysEachDefaultOnce() throws {
    let help = try CLIRunner.run(["help", "thumbs"]).stdout
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let jobs =
      help.components(separatedBy: "--jobs <N> Images").dropFirst().first?
      .components(separatedBy: "--cache").first ?? ""
    #expect(jobs.contains("the number of"))
    #expect(!jobs.contains("(default: \(ProcessInfo.processInfo.activeProcessorCount))"))
  }
}
