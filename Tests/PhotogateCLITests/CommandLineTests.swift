import Foundation
import TestSupport
import Testing

/// The command line a newcomer meets: typos, options before the command, the default command
/// and the default library.
@Suite struct CommandLineTests {
  @Test(arguments: [
    ("stauts", "status"), ("thumbnial", "thumbnail"), ("asets", "assets"), ("matirx", "matrix"),
  ])
  func aTypoIsNotACommandAndTheNearestIsSuggested(typo: String, command: String) throws {
    let result = try CLIRunner.run([typo])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("photogate: '\(typo)' is not a command"))
    #expect(result.stderr.contains("did you mean '\(command)'?"))
    #expect(!result.stderr.contains("folder \(typo)"))
    #expect(result.stdout.isEmpty)
  }

  @Test func aWordFarFromEveryCommandListsTheCommands() throws {
    let result = try CLIRunner.run(["xyzzy"])
    #expect(result.status == 2)
    #expect(!result.stderr.contains("did you mean"))
    #expect(
      result.stderr.contains(
        "Commands: albums, assets, browse, changes, cloud, favorite, hide, lint, matrix, pick")
    )
  }

  @Test func optionsBeforeTheCommandWork() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let grant = try CLIRunner.run([
      "--state-dir", fixture.state.path, "--app", "com.example.early", "privacy", "grant", "photos",
    ])
    #expect(grant.status == 0, "\(grant.stderr)")
    let status = try CLIRunner.run([
      "--state-dir", fixture.state.path, "--app", "com.example.early", "status", "--json",
    ])
    #expect(status.status == 0, "\(status.stderr)")
    #expect(try jsonObject(status.stdout)["readWrite"] as? String == "authorized")
  }

  @Test func anOptionBeforeACommandThatDoesNotTakeItSaysWhereOptionsGo() throws {
    let result = try CLIRunner.run(["--state-dir", "/tmp/x", "lint", "Examples/Info.plist"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--state-dir"))
    #expect(result.stderr.contains("options go after the command name: 'photogate lint"))
  }

  @Test func anExistingFolderIsBrowsedAndAMissingOneIsNot() throws {
    let folder = try TestPaths.makeTemporaryDirectory("route")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Not a terminal: browse refuses, which shows that browse was chosen.
    let browse = try CLIRunner.run([folder.path])
    #expect(browse.status == 2)
    #expect(browse.stderr.contains("'photogate browse' is interactive"))
    let missing = folder.appendingPathComponent("nope").path
    let refused = try CLIRunner.run([missing])
    #expect(refused.status == 2)
    #expect(refused.stderr.hasPrefix("photogate: '\(missing)' is not a command, nor an existing"))
  }

  @Test func aMissingLibraryDoesNotExist() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let missing = fixture.root.appendingPathComponent("nowhere").path
    let result = try CLIRunner.run([
      "assets", "--library", missing, "--state-dir", fixture.state.path,
    ])
    #expect(result.status == 1)
    #expect(result.stderr == "photogate: library \(missing) does not exist\n")
  }

  @Test func theLibraryComesFromTheEnvironmentAndTheTextNamesIt() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let result = try CLIRunner.run(
      ["assets", "--state-dir", fixture.state.path, "--app", fixture.app],
      environment: ["PHOTOGATE_LIBRARY": fixture.library.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("library: \(fixture.library.path)\n"))
    #expect(result.stdout.contains("grace-hopper-1984.jpg"))
  }

  @Test func fromTheCheckoutTheDefaultIsSampleImagesAndHelpSaysSo() throws {
    let result = try CLIRunner.run(["help", "assets"], environment: ["PHOTOGATE_LIBRARY": ""])
    #expect(result.status == 0)
    let help = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(help.contains("$PHOTOGATE_LIBRARY, else SampleImages/ of the checkout"))
    #expect(help.contains("here: \(TestPaths.sampleImages.path)"))
  }

  /// The binary outside any checkout (a hard link: a copy still open for writing in this
  /// process, or inherited by a child another test spawns meanwhile, fails to execute with
  /// ETXTBSY), with a home whose Pictures folder is unset: `xdg-user-dir PICTURES` then
  /// answers the home folder itself, which is refused; without the tool (a minimal Debian has
  /// no xdg-user-dirs) the folder is `~/Pictures`, which does not exist.
  @Test func outsideACheckoutAnUnsetPicturesFolderIsNotWalked() throws {
    let root = try TestPaths.makeTemporaryDirectory("pictures")
    defer { try? FileManager.default.removeItem(at: root) }
    let binary = try Self.executableOutsideTheCheckout(in: root)
    let home = root.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let environment = [
      "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
      "PHOTOGATE_LIBRARY": "", "PHOTOGATE_STATE_DIR": root.appendingPathComponent("s").path,
    ]
    let refused = try CLIRunner.run(["assets"], environment: environment, executable: binary)
    let help = try CLIRunner.run(["help", "assets"], environment: environment, executable: binary)
    let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-user-dir") {
      #expect(refused.status == 2)
      #expect(
        refused.stderr.contains("the Pictures folder (xdg-user-dir PICTURES) is \(home.path)"))
      #expect(words.contains("here: \(home.path), which is not usable: name one"))
    } else {
      let unset = home.appendingPathComponent("Pictures").path
      #expect(refused.status == 1)
      #expect(
        refused.stderr
          == "photogate: library \(unset) does not exist (the Pictures folder; name one with "
          + "--library DIR)\n")
      #expect(words.contains("here: \(unset), which is not usable: name one"))
    }

    let pictures = home.appendingPathComponent("Photos")
    try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
    let config = home.appendingPathComponent(".config")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data("XDG_PICTURES_DIR=\"$HOME/Photos\"\n".utf8)
      .write(to: config.appendingPathComponent("user-dirs.dirs"))
    let used = try CLIRunner.run(
      ["privacy", "grant", "photos"], environment: environment, executable: binary)
    #expect(used.status == 0, "\(used.stderr)")
    let assets = try CLIRunner.run(["assets"], environment: environment, executable: binary)
    #expect(assets.status == 0, "\(assets.stderr)")
    #expect(assets.stdout.hasPrefix("library: \(pictures.path)\n"))
  }

  /// `DIR/bin/photogate`: a hard link to the built binary, so that nothing ever opens it for
  /// writing; a copy written and closed before any run where a link is impossible (another
  /// file system), with a few retries of the first run should a concurrent spawn still hold it.
  static func executableOutsideTheCheckout(in folder: URL) throws -> URL {
    let binary = folder.appendingPathComponent("bin/photogate")
    try FileManager.default.createDirectory(
      at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
    if link(CLIRunner.executable.path, binary.path) == 0 { return binary }
    let temporary = binary.appendingPathExtension("part")
    let bytes = try Data(contentsOf: CLIRunner.executable)
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    fsync(fd)
    close(fd)
    guard written == bytes.count, rename(temporary.path, binary.path) == 0 else {
      throw CocoaError(.fileWriteUnknown)
    }
    let deadline = ContinuousClock.now + .seconds(10)
    while (try? CLIRunner.run(["--version"], executable: binary))?.status != 0,
      ContinuousClock.now < deadline
    {
      usleep(50_000)
    }
    return binary
  }
}
