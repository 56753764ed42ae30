import Foundation
import TestSupport

/// One run of the built `photogate` with a deadline: how it ended (an exit code or a signal),
/// what it printed, and whether the deadline killed it.
struct TimedCLIRun: Sendable {
  var status: Int32
  var signalled: Bool
  var timedOut: Bool
  var stdout: String
  var stderr: String

  /// Runs `photogate arguments…` in `directory` with `environment` added, stdin empty; kills
  /// the child (SIGKILL) when it has not ended after `timeout` seconds.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], directory: URL,
    timeout: Double = 60
  ) throws -> TimedCLIRun {
    let process = Process()
    process.executableURL = CLIRunner.executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let ended = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var code: Int32 = 0
    DispatchQueue.global().async {
      code = process.waitForExit()
      ended.signal()
    }
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    let readers = DispatchGroup()
    DispatchQueue.global().async(group: readers) {
      outData = out.fileHandleForReading.readDataToEndOfFile()
    }
    DispatchQueue.global().async(group: readers) {
      errData = err.fileHandleForReading.readDataToEndOfFile()
    }
    let timedOut = ended.wait(timeout: .now() + timeout) == .timedOut
    if timedOut {
      kill(process.processIdentifier, SIGKILL)
      ended.wait()
    }
    readers.wait()
    out.closeBothEnds()
    err.closeBothEnds()
    return TimedCLIRun(
      status: code > 128 ? code - 128 : code, signalled: code > 128, timedOut: timedOut,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
