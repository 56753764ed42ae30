import Foundation

/// Runs the built `photogate` binary, as a user would, and captures what it prints.
public enum CLIRunner {
  /// The result of one run.
  public struct Result: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The `photogate` executable next to the running test bundle.
  public static let executable: URL = {
    var candidates: [URL] = []
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
    }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    candidates.append(Bundle.main.bundleURL)
    candidates.append(TestPaths.packageRoot.appendingPathComponent(".build/debug"))
    for folder in candidates {
      let url = folder.appendingPathComponent("photogate")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return TestPaths.packageRoot.appendingPathComponent(".build/debug/photogate")
  }()

  /// Runs `photogate arguments…` (or another copy of it, `executable`) with `environment`
  /// added to (and overriding) the current one, feeding `input` on stdin, and waits for it to
  /// exit.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], input: String = "",
    currentDirectory: URL? = nil, executable: URL = CLIRunner.executable
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    // Library indexes of test libraries go to a temporary folder, not the user's cache.
    env["PHOTOGATE_LIBRARY_INDEX"] =
      FileManager.default.temporaryDirectory.appendingPathComponent("photogate-test-index").path
    for (key, value) in environment { env[key] = value }
    process.environment = env
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let outPipe = Pipe()
    let errPipe = Pipe()
    let inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = inPipe
    try process.run()
    // Read both pipes concurrently so that neither fills up and blocks the child.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData = errPipe.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    inPipe.fileHandleForWriting.write(Data(input.utf8))
    try? inPipe.fileHandleForWriting.close()
    let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let status = process.waitForExit()
    for pipe in [outPipe, errPipe, inPipe] { pipe.closeBothEnds() }
    return Result(
      status: status,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
