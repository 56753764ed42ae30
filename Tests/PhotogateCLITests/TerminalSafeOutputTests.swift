import Foundation
import TestSupport
import Testing

/// A name printed as text never reaches the terminal raw: an escape sequence or a newline in
/// a file name or a bundle id is shown escaped (`\u{1B}`, `\n`), in listings, warnings and
/// errors alike, while JSON keeps the exact string.
@Suite struct TerminalSafeOutputTests {
  /// A file name with a colour escape and a newline.
  static let hostileName = "red\u{1B}[31mflag\nline.jpg"
  /// How text output shows it.
  static let shownName = "red\\u{1B}[31mflag\\nline.jpg"

  /// A fixture whose library holds an image, a non-image and a dangling link, each named
  /// with ESC[31m and a newline.
  static func hostileLibrary() throws -> PermissionCLIFixture {
    let fixture = try PermissionCLIFixture()
    let manager = FileManager.default
    try manager.copyItem(
      at: TestPaths.sampleImages.appendingPathComponent("chelsea-the-cat.png"),
      to: fixture.library.appendingPathComponent("cat-" + hostileName))
    try Data("not an image".utf8)
      .write(to: fixture.library.appendingPathComponent("junk-" + hostileName))
    try manager.createSymbolicLink(
      atPath: fixture.library.appendingPathComponent("link-" + hostileName).path,
      withDestinationPath: "/nonexistent-target")
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    return fixture
  }

  /// No output of a run may hold ESC or a raw newline inside a line that names the file.
  static func expectNoRawName(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      !text.contains("\u{1B}"), "raw ESC in \(text.debugDescription)",
      sourceLocation: sourceLocation)
    #expect(!text.contains("[31mflag\n"), "raw newline in a name", sourceLocation: sourceLocation)
  }

  @Test func assetsListsAndWarnsWithEscapedNames() throws {
    let fixture = try Self.hostileLibrary()
    defer { fixture.remove() }
    let result = try fixture.run("assets")
    #expect(result.status == 0, "\(result.stderr)")
    Self.expectNoRawName(result.stdout + result.stderr)
    #expect(result.stdout.contains("cat-\(Self.shownName)\t"))
    #expect(result.stderr.contains("warning: \(fixture.library.path)/link-\(Self.shownName): "))

    let verbose = try fixture.run("assets", "--verbose")
    Self.expectNoRawName(verbose.stdout + verbose.stderr)
    #expect(
      verbose.stderr.contains("(notAnImage): \(fixture.library.path)/junk-\(Self.shownName): "))
  }

  @Test func jsonKeepsTheExactName() throws {
    let fixture = try Self.hostileLibrary()
    defer { fixture.remove() }
    let result = try fixture.run("assets", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let assets =
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    let ids = assets?.compactMap { $0["id"] as? String } ?? []
    #expect(ids.contains("cat-" + Self.hostileName), "\(ids)")
  }

  @Test func errorsNameTheFileEscaped() throws {
    let fixture = try Self.hostileLibrary()
    defer { fixture.remove() }
    let junk = fixture.library.appendingPathComponent("junk-" + Self.hostileName).path
    let shown = "\(fixture.library.path)/junk-\(Self.shownName)"
    let show = try CLIRunner.run(["show", "--width", "10", "--height", "5", junk])
    #expect(show.status == 1)
    Self.expectNoRawName(show.stderr)
    #expect(show.stderr.hasPrefix("photogate: \(shown): "), "\(show.stderr)")

    let out = fixture.root.appendingPathComponent("out").path + "/"
    let thumbnail = try CLIRunner.run(["thumbnail", junk, "--output", out])
    #expect(thumbnail.status == 1)
    Self.expectNoRawName(thumbnail.stderr)
    #expect(thumbnail.stderr.contains("photogate: \(shown): "), "\(thumbnail.stderr)")

    let missing = try CLIRunner.run([
      "assets", "--library", junk + "-missing", "--state-dir", fixture.state.path,
    ])
    #expect(missing.status == 1)
    #expect(missing.stderr == "photogate: library \(shown)-missing does not exist\n")
  }

  @Test func aParserErrorShowsTheValueEscaped() throws {
    let result = try CLIRunner.run(["status", "--ios", "\u{1B}[31m13"])
    #expect(result.status == 2)
    Self.expectNoRawName(result.stderr)
    #expect(result.stderr.contains("'\\u{1B}[31m13'"), "\(result.stderr)")
  }

  @Test func aBundleIDWithAnEscapeIsShownEscaped() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let result = try CLIRunner.run([
      "status", "--state-dir", fixture.state.path, "--app", "com.\u{1B}[31mevil\nx",
    ])
    #expect(result.status == 1)
    #expect(!result.stderr.contains("\u{1B}"))
    #expect(result.stderr.hasPrefix("photogate: com.\\u{1B}[31mevil\\nx: invalid bundle id"))
  }
}
