import FileSystem

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// One helper process of a ``MovieFrameService``: its pid and this side of the Unix socket
/// pair (`socketpair(2)`) that is the helper's standard input and output. Started with
/// `posix_spawn(3)`, in a process group of its own (a terminal's Ctrl-C goes to the app, which
/// ends it), with its standard error thrown away and no other descriptor of this process.
struct MovieFrameHelper: Sendable {
  let pid: pid_t
  let socket: Int32
  /// When it last answered (``now()``), or was started.
  var lastUsed: Double

  /// Why a helper could not be started.
  struct StartFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// Starts `program` with `arguments` (`argv`, its name first) as a helper.
  static func start(_ program: String, _ arguments: [String]) -> Result<
    MovieFrameHelper, StartFailure
  > {
    var ends: [Int32] = [-1, -1]
    guard
      socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
    else {
      return .failure(StartFailure(description: "socketpair: \(POSIX.describe(errno))"))
    }
    let (mine, theirs) = (ends[0], ends[1])
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, theirs, 0)
    posix_spawn_file_actions_adddup2(&actions, theirs, 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // Without it (a C library before 2.34), only descriptors opened close-on-exec stay out.
    _ = POSIX.closeDescriptors(from: 3, in: &actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let status = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
    close(theirs)
    guard status == 0 else {
      close(mine)
      return .failure(
        StartFailure(description: "\(program) could not be started: \(POSIX.describe(status))"))
    }
    return .success(MovieFrameHelper(pid: pid, socket: mine, lastUsed: now()))
  }

  /// How a helper ended.
  enum Ending: CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)
    case unknown

    var isExit: Bool { if case .exited = self { true } else { false } }

    var description: String {
      switch self {
      case .exited(let code): "ended (exit status \(code))"
      case .signalled(let signal):
        "crashed (signal \(signal), \(String(cString: strsignal(signal))))"
      case .unknown: "ended"
      }
    }
  }

  /// Closes the socket (an idle helper then exits) and waits for the helper to end.
  func end() {
    close(socket)
    _ = Self.wait(pid)
  }

  /// Kills the helper and waits for it.
  func kill() {
    _ = Glibc.kill(pid, SIGKILL)
    close(socket)
    _ = Self.wait(pid)
  }

  /// Closes the socket and waits for the helper, which has ended or is ending, to end.
  func reap() -> Ending {
    close(socket)
    return Self.wait(pid)
  }

  private static func wait(_ pid: pid_t) -> Ending {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return .unknown }
    }
    // WIFEXITED, WEXITSTATUS, WTERMSIG are macros: their bits, from <bits/waitstatus.h>.
    if status & 0x7f == 0 { return .exited((status >> 8) & 0xff) }
    return .signalled(status & 0x7f)
  }

  /// Seconds on the monotonic clock.
  static func now() -> Double {
    var clock = timespec()
    clock_gettime(CLOCK_MONOTONIC, &clock)
    return Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
  }

  /// Sends all of `bytes` on the socket `fd` (never raising `SIGPIPE`); false when the other
  /// end is gone or the send fails.
  static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var sent = 0
      while sent < buffer.count {
        let count = send(fd, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        sent += count
      }
      return true
    }
  }

  /// What a read of an exact count of bytes came to.
  enum Received: Equatable {
    case complete
    /// The other end closed after `count` bytes.
    case ended(count: Int)
    case timedOut
  }

  /// Fills `buffer` from `fd`, waiting until `deadline` (``now()``; nil: no limit).
  static func receive(
    _ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, deadline: Double?
  ) -> Received {
    var received = 0
    while received < buffer.count {
      if let deadline {
        let left = deadline - now()
        guard left > 0 else { return .timedOut }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(min(left * 1000 + 1, Double(Int32.max))))
        if ready < 0, errno == EINTR { continue }
        if ready == 0 { continue }
      }
      let count = recv(fd, buffer.baseAddress! + received, buffer.count - received, 0)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return .ended(count: received) }
      received += count
    }
    return .complete
  }
}
