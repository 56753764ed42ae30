import Foundation
import TestSupport

/// A temporary library (copied sample images, one album) and state dir for one test, with a
/// helper that runs `photogate` against them.
struct PermissionCLIFixture {
  let root: URL
  let library: URL
  let state: URL
  var app = "com.example.cli"

  init() throws {
    root = try TestPaths.makeTemporaryDirectory("perm-cli")
    library = root.appendingPathComponent("library")
    state = root.appendingPathComponent("state")
    let manager = FileManager.default
    try manager.createDirectory(
      at: library.appendingPathComponent("Trips"), withIntermediateDirectories: true)
    let samples = TestPaths.sampleImages
    for name in [
      "grace-hopper-1984.jpg", "summer-palace-beijing.jpg", "coffee-cup-cutout-rgba.png",
    ] {
      try manager.copyItem(
        at: samples.appendingPathComponent(name), to: library.appendingPathComponent(name))
    }
    try manager.copyItem(
      at: samples.appendingPathComponent("retina-fundus.jpg"),
      to: library.appendingPathComponent("Trips/retina-fundus.jpg"))
  }

  /// The commands that never look at a library, and so take no `--library`.
  static let libraryFreeCommands: Set = ["status", "privacy", "restrict", "settings"]

  /// The commands that act for no app, and so take no `--app`.
  static let appFreeCommands: Set = ["cloud", "changes"]

  /// Runs `photogate command… [--library …] --state-dir … [--app …]`.
  func run(_ arguments: String...) throws -> CLIRunner.Result {
    try run(arguments)
  }

  func run(_ arguments: [String]) throws -> CLIRunner.Result {
    let command = arguments.first ?? ""
    let library = Self.libraryFreeCommands.contains(command) ? [] : ["--library", library.path]
    let app = Self.appFreeCommands.contains(command) ? [] : ["--app", app]
    return try CLIRunner.run(arguments + library + ["--state-dir", state.path] + app)
  }

  /// `status --json` decoded.
  func status(_ extra: String...) throws -> [String: Any] {
    let result = try run(["status", "--json"] + extra)
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      ?? [:]
  }

  /// Writes an Info.plist with `keys` (string values, or Bool) and returns its path.
  func plist(_ keys: [String: Any], name: String = "Info.plist") throws -> String {
    let data = try PropertyListSerialization.data(
      fromPropertyList: keys, format: .xml, options: 0)
    let url = root.appendingPathComponent(name)
    try data.write(to: url)
    return url.path
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}

/// Decodes a JSON object from a command's stdout.
func jsonObject(_ text: String) throws -> [String: Any] {
  try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
}
