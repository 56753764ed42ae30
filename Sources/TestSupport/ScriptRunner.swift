import Foundation

/// Runs one of the repository's shell scripts as a user would (`bash scripts/NAME ARGS…`),
/// with stdout and stderr together, as a terminal shows them.
public enum ScriptRunner {
  /// Runs `scripts/name` with `arguments`; `environment` is added to this process's
  /// environment, a nil value removing that variable. Returns the exit status and the output.
  public static func run(
    _ name: String, _ arguments: [String] = [], environment: [String: String?] = [:]
  ) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments =
      [TestPaths.packageRoot.appendingPathComponent("scripts/\(name)").path] + arguments
    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try? output.fileHandleForWriting.close()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let status = process.waitForExit()
    output.closeBothEnds()
    return (status, printed)
  }
}
