import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

extension Process {
  /// How a child ended, as a shell reports it: its exit code, or 128 plus the signal that
  /// ended it.
  public typealias ExitCode = Int32

  /// What ``waitForExit()`` returns for a child whose status nobody can read any more (it
  /// was reaped elsewhere): never a code a program exits with on its own.
  public static let lostExitCode: ExitCode = -1

  /// `waitUntilExit()`, made safe against Foundation on Linux sometimes never hearing a
  /// child's exit while many children start and end at once: the child stays a zombie,
  /// `isRunning` stays true and `waitUntilExit()` blocks for ever (seen under the parallel
  /// test run). This polls; when the child has exited (`waitid` with `WNOWAIT` sees it
  /// without reaping) and Foundation has not noticed within two seconds, it reaps the child
  /// itself and reads the status from there. Use the code it returns, never
  /// `terminationStatus` afterwards (which traps while Foundation still thinks the child runs).
  @discardableResult
  public func waitForExit() -> ExitCode {
    let pid = processIdentifier
    var exitedSince: Date?
    while true {
      if !isRunning {
        let code =
          terminationReason == .uncaughtSignal ? 128 + terminationStatus : terminationStatus
        return code
      }
      var info = siginfo_t()
      let peeked = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
      if peeked == -1, errno == ECHILD {
        // Reaped by someone else while Foundation still says it runs: its status is lost.
        // Give Foundation two seconds to catch up, then report that instead of waiting for ever.
        let since = exitedSince ?? Date()
        exitedSince = since
        if Date().timeIntervalSince(since) > 2 { return Self.lostExitCode }
      } else if peeked == 0, info._sifields._sigchld.si_pid == pid {
        let since = exitedSince ?? Date()
        exitedSince = since
        if Date().timeIntervalSince(since) > 2 {
          var status: Int32 = 0
          if waitpid(pid, &status, WNOHANG) == pid {
            let signal = status & 0x7F
            let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            return code
          }
        }
      }
      usleep(5_000)
    }
  }
}

extension Pipe {
  /// Closes both ends held by this process once a child's output has been read. Foundation on
  /// Linux keeps a `Process` (and so its pipes) alive after the child has ended, so a test run
  /// that spawns thousands of children would otherwise hold thousands of pipe descriptors;
  /// past about 1,300 open descriptors, Foundation's own `Process.run()` (Swift 6.3.1) can
  /// crash reading `/proc/self/fd`.
  public func closeBothEnds() {
    try? fileHandleForReading.close()
    try? fileHandleForWriting.close()
  }
}
