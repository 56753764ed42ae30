import Foundation
import ImageDecoding
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `photogate show --graphics` in real terminals on a virtual X server: xterm as a VT340
/// (sixel) and kitty (software OpenGL). The screen is grabbed (`xwd`, ImageMagick) and the
/// picture's region compared with what was sent and with the exact downscale (the kitty
/// payload, which the unit tests prove exact). Runs only when Xvfb, xterm, kitty, xwd,
/// ImageMagick and sixel2png are installed.
@Suite(.serialized, .enabled(if: RealTerminal.isAvailable))
struct RealTerminalTests {
  static let cat = ShowCommandTests.cat
  static let size = ["--width", "30", "--height", "12", "--background", "000000"]

  @Test func kittyShowsTheExactDownscale() throws {
    let exact = try RealTerminal.exactDownscale(Self.cat, Self.size)
    let shot = try RealTerminal.run(
      terminal: .kitty, graphics: "kitty", file: Self.cat, Self.size
    ) { RealTerminal.bestMatch(of: exact, in: $0).0 >= 50 }
    let (psnr, _) = RealTerminal.bestMatch(of: exact, in: shot)
    // Within rounding: the terminal draws the PNG's pixels one to one.
    #expect(psnr >= 50)
  }

  @Test func xtermShowsTheSixelPaletteImage() throws {
    let exact = try RealTerminal.exactDownscale(Self.cat, Self.size)
    let folder = try TestPaths.makeTemporaryDirectory("sixel")
    defer { try? FileManager.default.removeItem(at: folder) }
    let shot = try RealTerminal.run(
      terminal: .xterm, graphics: "sixel", file: Self.cat, Self.size, keepOutput: folder
    ) { RealTerminal.bestMatch(of: exact, in: $0).0 >= 35 }
    // What was sent, decoded by libsixel.
    let sent = folder.appendingPathComponent("sent.png").path
    try RealTerminal.shell(
      "sixel2png -i '\(folder.appendingPathComponent("out").path)' -o '\(sent)'")
    let decoded = try ImageDecoder.decode(fileAt: sent)
    #expect([decoded.width, decoded.height] as [Int] == [exact.width, exact.height])
    let (shown, at) = RealTerminal.bestMatch(of: decoded, in: shot)
    // Within its palette: the screen shows the palette colours sent (xterm may round a
    // percent differently by one level)...
    #expect(shown >= 40)
    // ... and they stay close to the exact downscale.
    let fidelity = RealTerminal.psnr(exact, shot, at: at)
    #expect(fidelity >= 35)
  }
}

/// Xvfb, a terminal in it, and a screenshot.
enum RealTerminal {
  enum Emulator {
    case xterm
    case kitty
  }

  static let tools = ["Xvfb", "xterm", "kitty", "xwd", "convert", "sixel2png"]

  static var isAvailable: Bool { tools.allSatisfy { which($0) != nil } }

  static func which(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  @discardableResult
  static func shell(_ command: String, environment: [String: String] = [:]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    guard process.waitForExit() == 0 else { throw Failure(description: "failed: \(command)") }
    return process
  }

  static func waitFor(_ path: String, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if FileManager.default.fileExists(atPath: path) { return true }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return false
  }

  /// The kitty payload of `show` off a terminal: the exact area-average downscale.
  static func exactDownscale(_ file: String, _ size: [String]) throws -> PixelImage {
    let result = try CLIRunner.run(["show", "--graphics", "kitty"] + size + [file])
    let payload = result.stdout.components(separatedBy: "\u{1B}_G").dropFirst().map { command in
      String(
        command.components(separatedBy: "\u{1B}\\")[0].split(separator: ";", maxSplits: 1).last
          ?? "")
    }.joined()
    guard let png = Data(base64Encoded: payload) else {
      throw Failure(description: "no kitty payload")
    }
    return try ImageDecoder.decode(data: [UInt8](png))
  }

  /// Starts Xvfb, runs `photogate show --graphics graphics` in the emulator, grabs the
  /// screen, and stops both (by their process ids). `keepOutput` receives `out`, the bytes
  /// `show` wrote.
  static func run(
    terminal: Emulator, graphics: String, file: String, _ size: [String],
    keepOutput: URL? = nil, until drawn: (PixelImage) -> Bool
  ) throws -> PixelImage {
    let folder = try TestPaths.makeTemporaryDirectory("xvfb")
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try XServer()
    defer { server.stop() }
    let out = (keepOutput ?? folder).appendingPathComponent("out").path
    let done = folder.appendingPathComponent("done").path
    let show =
      ([CLIRunner.executable.path, "show", "--graphics", graphics] + size + [file])
      .map { "'\($0)'" }.joined(separator: " ")
    let emulator = try server.start(terminal, "\(show) | tee '\(out)'; touch '\(done)'; sleep 60")
    defer { stop(emulator) }
    guard waitFor(done, seconds: 60) else { throw Failure(description: "show did not finish") }
    // Until the terminal has drawn what it read, at most 20 s.
    return try server.screenshot(folder, name: "shot", until: drawn)
  }

  /// A virtual X server of the test's own, on a display no other server holds.
  final class XServer {
    /// The displays this process's servers hold or are starting on: the tests run in parallel
    /// in one process, and a display's lock file appears only once its server is up, so two
    /// of them could otherwise choose the same display and share one server.
    private static let claimed = Mutex<Set<Int>>([])

    let display: Int
    private let process: Process

    init() throws {
      (display, process) = try Self.start()
    }

    /// Starts Xvfb on a display no other server holds, trying the next one when another
    /// server took it first: a server is ours once the display's lock file names its pid.
    private static func start() throws -> (Int, Process) {
      // Near a display of our own, so that test processes running at once rarely meet.
      var next = 100 + Int(getpid()) % 400
      for _ in 0..<5 {
        let display = try claim(from: next)
        next = display + 1
        let process = Process()
        process.executableURL = URL(fileURLWithPath: which("Xvfb")!)
        process.arguments = [":\(display)", "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lock = "/tmp/.X\(display)-lock"
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, process.isRunning {
          let holder = (try? String(contentsOfFile: lock, encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
          if holder == "\(process.processIdentifier)",
            FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)")
          {
            return (display, process)
          }
          Thread.sleep(forTimeInterval: 0.05)
        }
        RealTerminal.stop(process)
        _ = claimed.withLock { $0.remove(display) }
      }
      throw Failure(description: "Xvfb did not start on a free display")
    }

    /// The first display from `start` on that no server of this process holds and no lock
    /// file or socket names, claimed for this process.
    private static func claim(from start: Int) throws -> Int {
      try claimed.withLock { claimed in
        guard
          let display = (start..<(start + 200)).first(where: {
            !claimed.contains($0) && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock")
              && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
          })
        else { throw Failure(description: "no free X display") }
        claimed.insert(display)
        return display
      }
    }

    /// Ends the server (by its id) and removes the lock and socket a killed server leaves.
    func stop() {
      RealTerminal.stop(process)
      try? FileManager.default.removeItem(atPath: "/tmp/.X\(display)-lock")
      try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(display)")
      _ = Self.claimed.withLock { $0.remove(display) }
    }

    /// Starts `terminal` on this display running the shell command `script`, its window at
    /// the top left (no padding, black background).
    func start(_ terminal: Emulator, _ script: String) throws -> Process {
      let emulator = Process()
      switch terminal {
      case .xterm:
        emulator.executableURL = URL(fileURLWithPath: which("xterm")!)
        // allowWindowOps: xterm answers `CSI 16 t` with its cell size.
        emulator.arguments = [
          "-ti", "vt340", "-xrm", "XTerm*allowWindowOps: true", "-geometry", "80x30+0+0", "-bg",
          "black", "-fg", "white", "-e", "sh",
          "-c", script,
        ]
      case .kitty:
        emulator.executableURL = URL(fileURLWithPath: which("kitty")!)
        emulator.arguments = [
          "--config", "NONE", "-o", "window_padding_width=0", "-o", "background=#000000",
          "-o", "initial_window_width=800", "-o", "initial_window_height=600", "sh", "-c",
          script,
        ]
      }
      var env = ProcessInfo.processInfo.environment
      env["DISPLAY"] = ":\(display)"
      env["LIBGL_ALWAYS_SOFTWARE"] = "1"
      env["PHOTOGATE_GRAPHICS"] = nil
      emulator.environment = env
      emulator.standardOutput = FileHandle.nullDevice
      emulator.standardError = FileHandle.nullDevice
      try emulator.run()
      return emulator
    }

    /// The whole screen (`xwd -root`, converted by ImageMagick), through a file in `folder`.
    func screenshot(_ folder: URL, name: String = "shot") throws -> PixelImage {
      let shot = folder.appendingPathComponent("\(name).png").path
      try shell(
        "xwd -root -silent | convert xwd:- '\(shot)'", environment: ["DISPLAY": ":\(display)"])
      return try ImageDecoder.decode(fileAt: shot)
    }

    /// Screenshots until `drawn` holds for one (the terminal has drawn what the test waits
    /// for), for at most `seconds`, and returns the last: a wait on a condition, not a sleep.
    func screenshot(
      _ folder: URL, name: String, seconds: Double = 20, until drawn: (PixelImage) -> Bool
    ) throws -> PixelImage {
      let deadline = Date().addingTimeInterval(seconds)
      var shot = try screenshot(folder, name: name)
      while !drawn(shot), Date() < deadline {
        Thread.sleep(forTimeInterval: 0.1)
        shot = try screenshot(folder, name: name)
      }
      return shot
    }
  }

  /// Ends a process this test started, by its id. SIGKILL: a child spawned from a test
  /// thread inherits its blocked signals, SIGTERM among them.
  static func stop(_ process: Process) {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitForExit()
  }

  /// The offset (within `radius` pixels right of and below `near`, 64 from the top left
  /// by default) where `picture` best matches the screenshot, and the PSNR there.
  static func bestMatch(
    of picture: PixelImage, in shot: PixelImage, near: (Int, Int) = (0, 0), radius: Int = 64
  ) -> (Double, (Int, Int)) {
    var best = (x: near.0, y: near.1, error: Double.infinity)
    for y in max(0, near.1 - radius)..<(near.1 + radius) {
      for x in max(0, near.0 - radius)..<(near.0 + radius)
      where x + picture.width <= shot.width && y + picture.height <= shot.height {
        let error = squaredError(picture, shot, at: (x, y), step: 7, limit: best.error)
        if error < best.error { best = (x, y, error) }
      }
    }
    let at = (best.x, best.y)
    return (psnr(picture, shot, at: at), at)
  }

  static func psnr(_ picture: PixelImage, _ shot: PixelImage, at: (Int, Int)) -> Double {
    let error = squaredError(picture, shot, at: at, step: 1, limit: .infinity)
    let mean = error / Double(picture.width * picture.height * 3)
    return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
  }

  static func squaredError(
    _ picture: PixelImage, _ shot: PixelImage, at: (Int, Int), step: Int, limit: Double
  ) -> Double {
    var sum = 0.0
    for y in stride(from: 0, to: picture.height, by: step) {
      for x in stride(from: 0, to: picture.width, by: step) {
        let a = (y * picture.width + x) * 4
        let b = ((y + at.1) * shot.width + x + at.0) * 4
        for c in 0..<3 {
          let d = Double(picture.pixels[a + c]) - Double(shot.pixels[b + c])
          sum += d * d
        }
      }
      if sum > limit { return sum }
    }
    return sum * Double(step * step)
  }
}
