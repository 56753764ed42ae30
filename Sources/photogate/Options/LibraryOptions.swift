import ArgumentParser
import Foundation
import TerminalUI

/// `--library DIR`: the folder that stands in for the photo library, and the default used
/// without it — never the current folder, never `/` or the home folder unless named.
struct LibraryOptions: ParsableArguments {
  @Option(
    name: .customLong("library"),
    help: ArgumentHelp(
      "The folder that stands in for the photo library (default: \(LibraryChoice.defaultHelp)).",
      valueName: "DIR"))
  var library: String?

  /// The library folder: the positional DIR or `--library`, else the default (see
  /// ``LibraryChoice/default(environment:)``). Not checked; see ``checkedLibraryURL(positional:)``.
  func libraryURL(positional: String? = nil) -> URL {
    choice(positional: positional).url
  }

  /// Where the library comes from.
  func choice(positional: String? = nil) -> LibraryChoice {
    if let path = positional ?? library {
      return LibraryChoice(url: URL(fileURLWithPath: path), source: .named)
    }
    return .default(environment: ProcessInfo.processInfo.environment)
  }

  /// The library folder, checked: it exists and is a folder, and a default never walks `/` or
  /// the home folder.
  func checkedLibraryURL(positional: String? = nil) throws -> URL {
    try choice(positional: positional).checked()
  }
}

/// A library folder and where it was chosen from.
struct LibraryChoice: Equatable {
  enum Source: Equatable {
    /// `--library` or a command's DIR argument.
    case named
    /// `$PHOTOGATE_LIBRARY`.
    case environment
    /// `SampleImages/` of the checkout the executable was built in.
    case sampleImages
    /// The user's Pictures folder (`xdg-user-dir PICTURES`).
    case pictures
  }

  var url: URL
  var source: Source

  /// How the default is chosen, for `--help`, ending with the folder it is here. Computed
  /// once: the parser builds the options' help many times a run, and finding the Pictures
  /// folder runs `xdg-user-dir`.
  static let defaultHelp: String = {
    let rule =
      "$PHOTOGATE_LIBRARY, else SampleImages/ of the checkout photogate was built in, "
      + "else the Pictures folder (xdg-user-dir PICTURES)"
    // The man page and completions are made from this help: no folder of the build machine.
    let generating = CommandLine.arguments.contains {
      $0 == "--experimental-dump-help" || $0 == "--generate-completion-script"
    }
    if generating { return rule }
    let current = LibraryChoice.default(environment: ProcessInfo.processInfo.environment)
    let usable = (try? current.checked()) != nil
    return rule + "; here: \(name: current.url.path)"
      + (usable ? "" : ", which is not usable: name one")
  }()

  /// `$PHOTOGATE_LIBRARY`, else `SampleImages/` beside the package when run from a checkout,
  /// else the Pictures folder.
  static func `default`(environment: [String: String]) -> LibraryChoice {
    if let path = environment["PHOTOGATE_LIBRARY"], !path.isEmpty {
      return LibraryChoice(url: URL(fileURLWithPath: path), source: .environment)
    }
    if let samples = bundledSampleImages() {
      return LibraryChoice(url: samples, source: .sampleImages)
    }
    return LibraryChoice(url: picturesFolder(environment: environment), source: .pictures)
  }

  /// Where this choice came from, in a few words for messages.
  var origin: String {
    switch source {
    case .named: "named"
    case .environment: "from $PHOTOGATE_LIBRARY"
    case .sampleImages: "the checkout's sample images"
    case .pictures: "the Pictures folder"
    }
  }

  /// The URL after checking that it is an existing folder that may be walked.
  func checked() throws -> URL {
    let path = url.standardizedFileURL.path
    if source == .pictures {
      let homes = [
        ProcessInfo.processInfo.environment["HOME"].map { URL(fileURLWithPath: $0) },
        FileManager.default.homeDirectoryForCurrentUser,
      ].compactMap { $0?.standardizedFileURL.path }
      if path == "/" || homes.contains(path) {
        throw CLIError.usage(
          "no library given, and the Pictures folder (xdg-user-dir PICTURES) is \(name: path): "
            + "name one with --library DIR or $PHOTOGATE_LIBRARY")
      }
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      let hint = source == .named ? "" : " (\(origin); name one with --library DIR)"
      throw CLIError.failed("library \(name: url.path) does not exist\(hint)")
    }
    guard isFolder.boolValue else {
      throw CLIError.failed("library \(name: url.path) is a file, not a folder")
    }
    return url
  }

  /// The user's Pictures folder: `xdg-user-dir PICTURES`, else `XDG_PICTURES_DIR` in
  /// `user-dirs.dirs`, else `~/Pictures`.
  static func picturesFolder(environment: [String: String]) -> URL {
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    if let path = runXDGUserDir(), path.hasPrefix("/") {
      return URL(fileURLWithPath: path)
    }
    let config =
      environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
      ?? home.appendingPathComponent(".config")
    if let text = try? String(
      contentsOf: config.appendingPathComponent("user-dirs.dirs"), encoding: .utf8)
    {
      for line in text.split(separator: "\n") where line.hasPrefix("XDG_PICTURES_DIR=") {
        let value = line.dropFirst("XDG_PICTURES_DIR=".count)
          .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let expanded = value.replacingOccurrences(of: "$HOME", with: home.path)
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded) }
      }
    }
    return home.appendingPathComponent("Pictures")
  }

  /// The output of `xdg-user-dir PICTURES`, or nil when the tool is missing or fails.
  static func runXDGUserDir() -> String? {
    let candidates = ["/usr/bin/xdg-user-dir", "/usr/local/bin/xdg-user-dir", "/bin/xdg-user-dir"]
    guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["PICTURES"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let path = String(decoding: data, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return path.isEmpty ? nil : path
  }

  /// `SampleImages/` in the package that built this executable, found by walking up from
  /// the executable's location to a folder holding `Package.swift`.
  static func bundledSampleImages() -> URL? {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    if !CommandLine.arguments[0].contains("/"),
      let found = Bundle.main.executableURL?.resolvingSymlinksInPath()
    {
      url = found
    }
    for _ in 0..<6 {
      url.deleteLastPathComponent()
      let samples = url.appendingPathComponent("SampleImages")
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
        FileManager.default.fileExists(atPath: samples.path)
      {
        return samples
      }
    }
    return nil
  }
}
