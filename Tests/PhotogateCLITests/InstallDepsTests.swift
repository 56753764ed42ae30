import Foundation
import TestSupport
import Testing

/// `scripts/install-deps` run by `/bin/bash` against stand-ins: a PATH holding only fake
/// `apt-get`, `sudo`, `pkg-config`, `dpkg`, `id` and `tee` (each logging how it was called)
/// next to the few real tools the script reads with, and a made-up system folder
/// (`PHOTOGATE_TEST_ROOT`) for `/etc/os-release`, `/etc/apt`, `/usr/include` and `/usr/lib`. Nothing
/// is installed and the real `/etc` is never read or written.
@Suite struct InstallDepsTests {
  /// What a stand-in system has: pkg-config modules, gif_lib.h, libheif's HEVC plugin.
  enum Library: Sendable {
    case pkgConfig, jpeg, png, webp, gif, ffmpeg, sqlite
    /// libheif 1.18 or newer with its libde265 plugin.
    case heif
    /// libheif 1.15 (Debian 12's own), which has its plugin but is too old.
    case oldHeif

    /// The `pkg-config --exists` queries it answers yes to.
    var queries: [String] {
      switch self {
      case .pkgConfig, .gif: []
      case .jpeg: ["libjpeg"]
      case .png: ["libpng16"]
      case .webp: ["libwebp", "libwebpdemux"]
      case .ffmpeg: ["libavformat", "libavcodec", "libswscale", "libavutil"]
      case .sqlite: ["sqlite3"]
      case .heif: ["libheif", "libheif >= 1.18"]
      case .oldHeif: ["libheif"]
      }
    }
  }

  /// One machine the script runs on and what it must do there.
  struct Case: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var root = true
    var sudo = true
    var installed: [Library] = []
    /// Debian packages `dpkg -s` says are installed (for the extra-package arguments).
    var packages: [String] = []
    var arguments: [String] = []
    var codename = "bookworm"
    /// apt's source files, by path under `etc/apt`.
    var sources = ["sources.list": "deb http://deb.debian.org/debian bookworm main\n"]
    /// Every apt-get call, its arguments joined by spaces, in order.
    var apt: [String] = []
    /// The archive of the bookworm-backports sources file written, or nil for none written.
    var backportsFrom: String?
    var succeeds = true
  }

  static let all: [Library] = [.pkgConfig, .jpeg, .png, .webp, .gif, .ffmpeg, .sqlite, .heif]
  static let update = "update -qq"
  static let install = "install -y -qq --no-install-recommends"
  static let heifFromBackports =
    "\(install) -t bookworm-backports libheif-dev libheif1 libheif-plugin-libde265"
  static let everythingElse =
    "\(install) pkg-config libjpeg-dev libpng-dev libwebp-dev libgif-dev libavformat-dev"
    + " libavcodec-dev libswscale-dev libavutil-dev libsqlite3-dev"
  static let debian = "http://deb.debian.org/debian"
  static let mirror = "http://mirror.example.org/debian"

  static let cases: [Case] = [
    Case(
      testDescription: "root, nothing installed", apt: [update, heifFromBackports, everythingElse],
      backportsFrom: debian),
    Case(
      testDescription: "root, everything installed", installed: all, packages: ["tmux"],
      arguments: ["tmux"]),
    Case(
      testDescription: "root, some installed: only the missing asked for",
      installed: [.pkgConfig, .jpeg, .png, .ffmpeg, .heif], packages: ["xterm"],
      arguments: ["xterm", "tmux"],
      apt: [update, "\(install) libwebp-dev libgif-dev libsqlite3-dev tmux"]),
    Case(
      testDescription: "not root, with sudo", root: false,
      apt: [update, heifFromBackports, everythingElse], backportsFrom: debian),
    Case(
      testDescription: "not root, no sudo: says what to run", root: false, sudo: false,
      installed: [.pkgConfig, .jpeg, .png, .webp, .ffmpeg, .sqlite, .heif], arguments: ["tmux"],
      succeeds: false),
    Case(
      testDescription: "libheif too old: from bookworm-backports",
      installed: all.filter { $0 != .heif } + [.oldHeif],
      apt: [update, heifFromBackports], backportsFrom: debian),
    Case(
      testDescription: "a mirror in a one-line .list file", installed: all.filter { $0 != .heif },
      sources: [
        "sources.list.d/mirror.list": """
        # deb http://old.example.org/debian bookworm main
        deb http://security.example.org/debian-security bookworm-security main
        deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] \(mirror) bookworm main
        """
      ], apt: [update, heifFromBackports], backportsFrom: mirror),
    Case(
      testDescription: "a mirror in a deb822 .sources file", installed: all.filter { $0 != .heif },
      sources: [
        "sources.list.d/elsewhere.list.disabled":
          "deb http://off.example.org/debian bookworm main\n",
        "sources.list.d/debian.sources": """
        Types: deb
        URIs: http://security.example.org/debian-security
        Suites: bookworm-security
        Components: main

        Types: deb-src
        URIs: http://source.example.org/debian
        Suites: bookworm
        Components: main

        Types: deb
        URIs: \(mirror)
        Suites: bookworm bookworm-updates
        Components: main
        """,
      ], apt: [update, heifFromBackports], backportsFrom: mirror),
    Case(
      testDescription: "bookworm-backports already configured: not added twice",
      installed: all.filter { $0 != .heif },
      sources: [
        "sources.list": "deb \(debian) bookworm main\n",
        "sources.list.d/backports.sources":
          "Types: deb\nURIs: \(mirror)\nSuites: bookworm-backports\nComponents: main\n",
      ], apt: [update, heifFromBackports]),
    Case(
      testDescription: "bookworm-backports only in a comment: added",
      installed: all.filter { $0 != .heif },
      sources: [
        "sources.list": "deb \(mirror) bookworm main\n# deb \(debian) bookworm-backports main\n"
      ],
      apt: [update, heifFromBackports], backportsFrom: mirror),
    Case(
      testDescription: "not bookworm: no backports", installed: all.filter { $0 != .heif },
      codename: "trixie", sources: ["sources.list": "deb \(debian) trixie main\n"],
      apt: [update, "\(install) libheif-dev libheif1 libheif-plugin-libde265"]),
  ]

  @Test(arguments: cases) func installsWhatIsMissing(_ example: Case) throws {
    let machine = try StandInMachine(example)
    defer { try? FileManager.default.removeItem(at: machine.folder) }
    let result = try machine.run()
    let calls = try machine.calls()
    #expect(!result.stderr.contains("command not found"), "\(result.stderr)")
    #expect((result.status == 0) == example.succeeds, "\(result.status): \(result.stderr)")
    let aptCalls = calls.filter { $0.program == "apt-get" }
    #expect(aptCalls.map { $0.arguments.joined(separator: " ") } == example.apt, "\(calls)")
    for call in calls where call.program == "apt-get" || call.program == "tee" {
      #expect(call.viaSudo == !example.root, "\(call)")
    }
    for call in aptCalls {
      #expect(call.frontend == "noninteractive", "\(call)")
    }
    // sudo runs a command as it is, with no options (no -E).
    for call in calls where call.program == "sudo" {
      #expect(call.arguments.first?.hasPrefix("-") == false, "\(call)")
    }
    let writes = calls.filter { $0.program == "tee" }
    if let archive = example.backportsFrom {
      let target = machine.system.appendingPathComponent(
        "etc/apt/sources.list.d/photogate-bookworm-backports.sources")
      #expect(writes.map(\.arguments) == [[target.path]], "\(calls)")
      #expect(
        try machine.written() == """
          Types: deb
          URIs: \(archive)
          Suites: bookworm-backports
          Components: main
          Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

          """)
    } else {
      #expect(writes.isEmpty, "\(calls)")
    }
    if example.succeeds {
      #expect(result.stderr.isEmpty == example.apt.isEmpty, "\(result.stderr)")
    } else {
      let script = TestPaths.packageRoot.appendingPathComponent("scripts/install-deps").path
      #expect(
        result.stderr.contains(
          "install-deps: these Debian packages are missing: libgif-dev tmux\n"),
        "\(result.stderr)")
      #expect(result.stderr.hasSuffix("\n  su -c '\(script) tmux'\n"), "\(result.stderr)")
    }
  }
}

/// A temporary folder with the stand-in programs (`bin`), the made-up system (`system`) and
/// the log the stand-ins append to, one line per call.
struct StandInMachine {
  /// One call of a stand-in, as logged.
  struct Call: CustomStringConvertible {
    var viaSudo: Bool
    var program: String
    /// `DEBIAN_FRONTEND` as the program saw it.
    var frontend: String
    var arguments: [String]
    var description: String {
      "\(viaSudo ? "sudo→" : "")\(program) [\(frontend)] \(arguments.joined(separator: " "))"
    }
  }

  let folder: URL
  let bin: URL
  let system: URL
  let log: URL
  let arguments: [String]

  init(_ example: InstallDepsTests.Case) throws {
    folder = try TestPaths.makeTemporaryDirectory("install-deps")
    bin = folder.appendingPathComponent("bin")
    system = folder.appendingPathComponent("system")
    log = folder.appendingPathComponent("calls.log")
    arguments = example.arguments
    for path in ["etc/apt/sources.list.d", "usr/include"] {
      try FileManager.default.createDirectory(
        at: system.appendingPathComponent(path), withIntermediateDirectories: true)
    }
    try write("VERSION_CODENAME=\(example.codename)\n", to: "etc/os-release")
    for (path, text) in example.sources { try write(text, to: "etc/apt/\(path)") }
    if example.installed.contains(.gif) { try write("", to: "usr/include/gif_lib.h") }
    if example.installed.contains(.heif) || example.installed.contains(.oldHeif) {
      try FileManager.default.createDirectory(
        at: system.appendingPathComponent("usr/lib/x86_64-linux-gnu/libheif/plugins"),
        withIntermediateDirectories: true)
      try write("", to: "usr/lib/x86_64-linux-gnu/libheif/plugins/libheif-libde265.so")
    }
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    // The real tools the script reads with, and nothing else of the machine's.
    for tool in ["awk", "env", "grep", "head", "ls"] {
      let real = try #require(
        ["/usr/bin/\(tool)", "/bin/\(tool)"].first {
          FileManager.default.isExecutableFile(atPath: $0)
        })
      try FileManager.default.createSymbolicLink(
        atPath: bin.appendingPathComponent(tool).path, withDestinationPath: real)
    }
    let logCall = """
      printf '%s\\t%s\\t%s' "${STAND_IN_SUDO:--}" "${0##*/}" "${DEBIAN_FRONTEND:--}" >>'\(log.path)'
      printf '\\t%s' "$@" >>'\(log.path)'
      echo >>'\(log.path)'
      """
    try standIn("id", "\(logCall)\n[ \"$1\" = -u ] && echo \(example.root ? 0 : 1000)")
    try standIn("apt-get", logCall)
    try standIn("tee", "\(logCall)\nwhile IFS= read -r line; do echo \"$line\"; done >>written")
    try standIn(
      "dpkg",
      """
      \(logCall)
      [ "$1" = -s ] || exit 2
      case " \(example.packages.joined(separator: " ")) " in *" $2 "*) exit 0 ;; esac
      exit 1
      """)
    if example.installed.contains(.pkgConfig) {
      let known = example.installed.flatMap(\.queries).map { "\"\($0)\"" }
      try standIn(
        "pkg-config",
        """
        \(logCall)
        [ "$1" = --exists ] || exit 2
        shift
        known=(\(known.joined(separator: " ")))
        for query in "$@"; do
          found=no
          for module in "${known[@]}"; do [ "$query" = "$module" ] && found=yes; done
          [ $found = yes ] || exit 1
        done
        """)
    }
    if example.sudo {
      // As sudo does: options, then the command, in a reset environment unless -E.
      try standIn(
        "sudo",
        """
        \(logCall)
        keep=no
        while [ "${1#-}" != "$1" ]; do [ "$1" = -E ] && keep=yes; shift; done
        [ $keep = yes ] && exec env STAND_IN_SUDO=sudo "$@"
        exec env -i PATH='\(bin.path)' STAND_IN_SUDO=sudo "$@"
        """)
    }
  }

  private func write(_ text: String, to path: String) throws {
    try text.write(to: system.appendingPathComponent(path), atomically: false, encoding: .utf8)
  }

  private func standIn(_ name: String, _ body: String) throws {
    let url = bin.appendingPathComponent(name)
    try "#!/bin/bash\ncd '\(folder.path)'\n\(body)\n".write(
      to: url, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
  }

  /// Runs the script in a bare environment: the stand-ins' PATH and the made-up system.
  func run() throws -> CLIRunner.Result {
    let script = TestPaths.packageRoot.appendingPathComponent("scripts/install-deps").path
    return try CLIRunner.run(
      ["-i", "PATH=\(bin.path)", "PHOTOGATE_TEST_ROOT=\(system.path)", "/bin/bash", script]
        + arguments,
      currentDirectory: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
  }

  /// The calls of the programs the script runs (not of the ones it only asks about).
  func calls() throws -> [Call] {
    guard FileManager.default.fileExists(atPath: log.path) else { return [] }
    return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map {
      let fields = $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return Call(
        viaSudo: fields[0] == "sudo", program: fields[1], frontend: fields[2],
        arguments: Array(fields.dropFirst(3)))
    }.filter { !["id", "dpkg", "pkg-config"].contains($0.program) }
  }

  /// What the stand-in `tee` was given.
  func written() throws -> String {
    try String(contentsOf: folder.appendingPathComponent("written"), encoding: .utf8)
  }
}
