import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A tmux server of its own (`tmux -L photogate-test-<uuid>`) running one command in a
/// 120 × 40 window: keys go in with `send-keys`, the screen comes out with `capture-pane`.
struct TmuxSession {
  static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  static var isAvailable: Bool { tmux != nil }

  let socket = "photogate-test-\(UUID().uuidString)"

  /// Starts `command` (a shell command line) in a detached session.
  init(_ command: String, columns: Int = 120, rows: Int = 40) throws {
    // The server forks off this first client and would hold a stdout pipe open forever.
    try run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command], output: false)
  }

  /// Runs `tmux -L socket arguments…` and returns what it printed. Spawned and reaped
  /// directly (`posix_spawn`, `waitpid`), its output through a temporary file: the server
  /// that the first client forks keeps every inherited descriptor open.
  @discardableResult
  func run(_ arguments: [String], output: Bool = true) throws -> String {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("photogate-tmux-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, output ? file.path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = [Self.tmux ?? "tmux", "-L", socket, "-f", "/dev/null"] + arguments
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    // The test runner's threads block most signals; tmux must start with none blocked and
    // default handlers, or its server never sees SIGCHLD and never exits.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    var all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, environ)
    guard spawned == 0 else {
      throw CocoaError(.executableLoad, userInfo: ["reason": "posix_spawn tmux: \(spawned)"])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return output ? (try? String(contentsOf: file, encoding: .utf8)) ?? "" : ""
  }

  /// Sends tmux key names (`Right`, `Enter`, `Space`, `q`).
  func send(_ keys: String...) throws { try run(["send-keys"] + keys) }

  /// The visible screen.
  func capture() throws -> String { try run(["capture-pane", "-p"]) }

  /// A tmux format value of the pane (`#{alternate_on}`).
  func display(_ format: String) throws -> String {
    try run(["display-message", "-p", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls the screen until it holds `text`, or records an issue with the last screen after
  /// `timeout` seconds. Returns the screen.
  @discardableResult
  func waitFor(
    _ text: String, timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = try capture()
      if screen.contains(text) { return screen }
      usleep(50_000)
    }
    Issue.record(
      "\"\(text)\" never appeared; the screen was:\n\(screen)", sourceLocation: sourceLocation)
    return screen
  }

  /// Ends the server (and the command running in it) and removes its socket.
  /// Polls the screen until `condition` holds for it, or records an issue naming `what`.
  @discardableResult
  func waitUntil(
    _ what: String, timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: ([String]) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = try capture()
      if condition(screen.components(separatedBy: "\n")) { return screen }
      usleep(50_000)
    }
    Issue.record(
      "\(what) never happened; the screen was:\n\(screen)", sourceLocation: sourceLocation)
    return screen
  }

  func kill() {
    _ = try? run(["kill-server"])
    try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
  }
}

/// A temporary copy of SampleImages, a state dir and a thumbnail cache for one test.
struct GalleryFixture {
  let root: URL
  let library: URL
  let state: URL

  init() throws {
    root = try TestPaths.makeTemporaryDirectory("gallery")
    library = root.appendingPathComponent("library")
    state = root.appendingPathComponent("state")
    try FileManager.default.copyItem(at: TestPaths.sampleImages, to: library)
  }

  /// A shell command line that runs `photogate arguments…` on the fixture, then prints its
  /// exit code and whether the tty settings are what they were before.
  func shell(_ arguments: String, redirect: String = "") -> String {
    let binary = CLIRunner.executable.path
    return """
      cd '\(root.path)'; export XDG_CACHE_HOME='\(root.path)/cache' TERM=xterm-256color; \
      before=$(stty -g); '\(binary)' \(arguments) --state-dir '\(state.path)' \(redirect); \
      code=$?; [ "$(stty -g)" = "$before" ] && t=RESTORED || t=CHANGED; \
      echo "EXITED:$code TTY:$t"; sleep 600
      """
  }

  func photogate(_ arguments: String...) throws -> CLIRunner.Result {
    let takesLibrary = !PermissionCLIFixture.libraryFreeCommands.contains(arguments.first ?? "")
    return try CLIRunner.run(
      arguments + (takesLibrary ? ["--library", library.path] : []) + ["--state-dir", state.path])
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}

@Suite(
  .serialized,
  .enabled(
    if: TmuxSession.isAvailable, "tmux is not installed: the gallery's tmux tests are skipped")
)
struct GalleryTmuxTests {
  @Test func browseOpensMovesSwitchesToLimitedInSettingsRelaunchesAndRestoresTheTerminal()
    throws
  {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    let tmux = try TmuxSession(fixture.shell("browse '\(fixture.library.path)'"))
    defer { tmux.kill() }

    try tmux.waitFor("Allow Full Access")
    #expect(try tmux.display("#{alternate_on}") == "1")
    try tmux.send("Right", "Enter")
    try tmux.waitFor("Status: authorized   Photos: 12")

    try tmux.send("Right", "Enter")
    try tmux.waitFor("· 2/12")
    try tmux.send("Escape")
    try tmux.waitFor("Status: authorized   Photos: 12")

    // SIGWINCH: 120 columns hold 5 tiles of 24, 80 columns 3 of 26; the focused second
    // tile's frame moves from column 24 to 26.
    #expect(Array(try tmux.capture().components(separatedBy: "\n")[2]).firstIndex(of: "┌") == 24)
    try tmux.run(["resize-window", "-x", "80", "-y", "24"])
    try tmux.waitUntil("the re-layout at 80 × 24") { lines in
      lines.count >= 24 && Array(lines[2]).firstIndex(of: "┌") == 26
        && lines[1].contains("Status: authorized   Photos: 12")
    }

    try tmux.send("s")
    try tmux.waitFor("Permission menu")
    try tmux.send("Enter")
    try tmux.waitFor("✓ Full Access")
    try tmux.send("Down")  // None comes first from iOS 17; then Limited Access
    try tmux.send("Enter")
    try tmux.waitFor("App terminated")
    try tmux.waitFor("changed from Full Access to Limited Access")
    try tmux.send("Enter")  // Relaunch
    try tmux.waitFor("Status: limited   Photos: 0")
    try tmux.waitFor("Keep Current Selection")

    try tmux.send("q")
    let screen = try tmux.waitFor("EXITED:")
    #expect(screen.contains("EXITED:0 TTY:RESTORED"))
    #expect(!screen.contains("Status: limited"))
    #expect(try tmux.display("#{alternate_on}") == "0")
    #expect(try tmux.display("#{cursor_flag}") == "1")

    let status = try fixture.photogate("status", "--json")
    #expect(
      status.stdout.contains("\"readWrite\" : \"limited\"")
        || status.stdout.contains("\"readWrite\":\"limited\""))
  }

  @Test func aFileAddedToTheFolderShowsUpAndSIGTERMRestoresTheTerminal() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    #expect(try fixture.photogate("privacy", "grant", "photos").status == 0)
    let tmux = try TmuxSession(fixture.shell("browse '\(fixture.library.path)'"))
    defer { tmux.kill() }

    try tmux.waitFor("Status: authorized   Photos: 12")
    try FileManager.default.copyItem(
      at: fixture.library.appendingPathComponent("grace-hopper-1984.jpg"),
      to: fixture.library.appendingPathComponent("copy.jpg"))
    try tmux.waitFor("Status: authorized   Photos: 13")

    // The shell in the pane runs photogate as its only child.
    let shell = try tmux.display("#{pane_pid}")
    let children = try String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    let pid = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
    #expect(Glibc.kill(pid, SIGTERM) == 0)
    let screen = try tmux.waitFor("EXITED:")
    #expect(screen.contains("EXITED:143 TTY:RESTORED"))
    #expect(try tmux.display("#{alternate_on}") == "0")
    #expect(try tmux.display("#{cursor_flag}") == "1")
  }

  /// `PHOTOGATE_SCAN_DELAY_MS` slows the library's first scan: the gallery is up at once
  /// with its progress (the files read so far: a first open reads each folder as it finds
  /// it), then shows the final count.
  @Test func aSlowScanShowsItsProgressThenTheFinalCount() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    #expect(try fixture.photogate("privacy", "grant", "photos").status == 0)
    let tmux = try TmuxSession(
      "export PHOTOGATE_SCAN_DELAY_MS=150; " + fixture.shell("browse '\(fixture.library.path)'"))
    defer { tmux.kill() }

    try tmux.waitUntil("a scanning status line") { lines in
      lines.count > 1 && lines[1].contains("Status: authorized   Scanning… 13 files")
    }
    try tmux.waitFor("Status: authorized   Photos: 12")
    #expect(!(try tmux.capture().contains("Scanning")))
    try tmux.send("q")
    #expect(try tmux.waitFor("EXITED:").contains("EXITED:0 TTY:RESTORED"))
  }

  /// A quit while the scan goes on does not wait for it.
  @Test func quittingWhileScanningExitsAtOnce() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    #expect(try fixture.photogate("privacy", "grant", "photos").status == 0)
    // Thirteen files at ten seconds each: the scan would outlast every wait below.
    let tmux = try TmuxSession(
      "export PHOTOGATE_SCAN_DELAY_MS=10000; " + fixture.shell("browse '\(fixture.library.path)'"))
    defer { tmux.kill() }

    try tmux.waitFor("Status: authorized   Scanning…")
    try tmux.send("q")
    let screen = try tmux.waitFor("EXITED:", timeout: 10)
    #expect(screen.contains("EXITED:0 TTY:RESTORED"))
  }

  @Test func pickPrintsTheTwoPickedPathsInOrderAfterRestoringTheTerminal() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    #expect(try fixture.photogate("privacy", "grant", "photos").status == 0)
    let assets = try fixture.photogate("assets", "--json")
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(assets.stdout.utf8)) as? [[String: Any]])
    let paths = list.compactMap { $0["path"] as? String }
    #expect(paths.count == 12)
    let output = fixture.root.appendingPathComponent("picked.txt")
    let tmux = try TmuxSession(
      fixture.shell("pick '\(fixture.library.path)'", redirect: "> '\(output.path)'"))
    defer { tmux.kill() }

    try tmux.waitFor("Status: authorized   Photos: 12")
    try tmux.send("Down", "Space", "Up", "Space")
    try tmux.waitFor("Picked: 2")
    try tmux.send("Enter")
    let screen = try tmux.waitFor("EXITED:")
    #expect(screen.contains("EXITED:0 TTY:RESTORED"))
    let printed = try String(contentsOf: output, encoding: .utf8)
    #expect(printed == "\(paths[5])\n\(paths[0])\n")
  }

  @Test func cancellingPickPrintsNothingAndExitsOne() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    #expect(try fixture.photogate("privacy", "grant", "photos").status == 0)
    let output = fixture.root.appendingPathComponent("picked.txt")
    let tmux = try TmuxSession(
      fixture.shell("pick '\(fixture.library.path)' --limit 1", redirect: "> '\(output.path)'"))
    defer { tmux.kill() }

    // Once the scan is over (until then the grid holds the photos read so far).
    try tmux.waitFor("Photos: 12   Picked: 0 of 1")
    try tmux.send("Space", "Right", "Space")
    try tmux.waitFor("Limit reached: at most 1 photo can be picked")
    try tmux.send("Escape")
    let screen = try tmux.waitFor("EXITED:")
    #expect(screen.contains("EXITED:1 TTY:RESTORED"))
    #expect(try String(contentsOf: output, encoding: .utf8).isEmpty)
  }
}

/// The running gallery hears what other processes change in the app's stored state: the
/// selection (the screen refreshes) and the Settings row (iOS terminates the app).
@Suite(
  .serialized,
  .enabled(
    if: TmuxSession.isAvailable, "tmux is not installed: the gallery's tmux tests are skipped")
)
struct GalleryTwoProcessTmuxTests {
  @Test func aSelectionAndASettingsChangeFromAnotherProcessReachTheRunningGallery() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    #expect(try fixture.photogate("privacy", "grant", "photos-limited").status == 0)
    #expect(try fixture.photogate("select", "--add", "grace-hopper-1984.jpg").status == 0)
    let tmux = try TmuxSession(fixture.shell("browse '\(fixture.library.path)'"))
    defer { tmux.kill() }

    try tmux.waitFor("Keep Current Selection")
    try tmux.send("Right", "Enter")
    try tmux.waitFor("Status: limited   Photos: 1")

    // Another process checks one more photo: the gallery's count follows within 2 s.
    let select = try fixture.photogate("select", "--add", "astronaut-eileen-collins.png")
    #expect(select.status == 0, "\(select.stderr)")
    try tmux.waitFor("Status: limited   Photos: 2", timeout: 2)

    // Another process changes the Settings row: the running app is terminated, and its
    // relaunch sees full access.
    let settings = try fixture.photogate("settings", "set", "Full Access")
    #expect(settings.status == 3, "\(settings.stderr)")
    try tmux.waitFor("App terminated", timeout: 2)
    try tmux.waitFor("changed from Limited Access to Full Access")
    try tmux.send("Enter")  // Relaunch
    try tmux.waitFor("Status: authorized   Photos: 12")

    try tmux.send("q")
    let screen = try tmux.waitFor("EXITED:")
    #expect(screen.contains("EXITED:0 TTY:RESTORED"))
  }
}

/// The gallery refuses to run without a terminal, with a clear message and exit 2.
@Suite struct GalleryWithoutTerminalTests {
  @Test func browseWithPipesExitsTwoAndSaysWhy() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    let result = try fixture.photogate("browse")
    #expect(result.status == 2)
    #expect(result.stderr.contains("stdin and stdout must be a terminal"))
    #expect(result.stdout.isEmpty)
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid"),
      "setsid is not installed"))
  func pickWithoutAControllingTerminalExitsTwoAndSaysWhy() throws {
    let fixture = try GalleryFixture()
    defer { fixture.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    process.arguments = [
      "-w", CLIRunner.executable.path, "pick", fixture.library.path, "--state-dir",
      fixture.state.path,
    ]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = Pipe()
    try process.run()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    #expect(process.waitForExit() == 2)
    #expect(stderr.contains("cannot open /dev/tty"))
    #expect(stdout.isEmpty)
  }
}
