import Foundation
import TestSupport

/// Runs the built `photogate` binary as a child whose private writable memory (heap, anonymous
/// maps: `ulimit -d`, `RLIMIT_DATA`) is capped at `dataLimit` bytes, and reports its exit
/// status and what it wrote on stderr. Past the cap an allocation fails and the child aborts,
/// so a clean exit proves its peak stayed below. (`ru_maxrss` cannot prove it: a spawned child
/// starts with the test process's own high-water mark.) A child still running at the deadline
/// is killed and reported.
struct ChildRun {
  var status: Int32
  var stderr: String
  /// Whether it had to be killed at the deadline.
  var killed: Bool

  static func photogate(
    _ arguments: [String], dataLimit: Int, deadline seconds: Double = 120
  ) throws -> ChildRun {
    let folder = try TestPaths.makeTemporaryDirectory("child")
    defer { try? FileManager.default.removeItem(at: folder) }
    let errPath = folder.appendingPathComponent("stderr").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let executable = CLIRunner.executable.path
    let script = "ulimit -d \(dataLimit / 1024) && exec \"$0\" \"$@\""
    let argv = (["/bin/sh", "-c", script, executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: executable])
    }
    var status: Int32 = 0
    var killed = false
    let end = Date().addingTimeInterval(seconds)
    while true {
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid { break }
      if waited == -1 && errno != EINTR { break }
      if Date() > end && !killed {
        kill(pid, SIGKILL)
        killed = true
      }
      usleep(20_000)  // polling the child's exit; the deadline above bounds the wait
    }
    let text = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return ChildRun(status: exit, stderr: text, killed: killed)
  }
}
