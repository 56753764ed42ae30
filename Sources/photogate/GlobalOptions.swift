import ArgumentParser
import Foundation
import PhotoLibrary

/// The options every permission and library command shares (DESIGN.md, "Global options").
struct GlobalOptions: ParsableArguments {
  @Option(name: .customLong("library"), help: "The folder that stands in for the photo library.")
  var library: String?

  @Option(name: .customLong("app"), help: "The simulated app's bundle id.")
  var app: String = "com.example.picker"

  @Option(name: .customLong("ios"), help: "Which iOS behaviour and wording: 13|14|15|16|17|18|26.")
  var ios: IOSVersion = .newest

  @Option(
    name: .customLong("info-plist"),
    help: "The app's Info.plist (default: both usage descriptions, prevent-alert key unset).")
  var infoPlist: String?

  @Option(
    name: .customLong("state-dir"),
    help: "Where per-app permission state is kept (default $XDG_STATE_HOME/photogate).")
  var stateDir: String?

  /// The library folder: `--library`, else `SampleImages` beside the package, else the
  /// current folder.
  func libraryURL(positional: String? = nil) -> URL {
    if let path = positional ?? library { return URL(fileURLWithPath: path) }
    if let samples = Self.bundledSampleImages() { return samples }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }

  /// The state folder: `--state-dir`, else `$PHOTOGATE_STATE_DIR`, else
  /// `$XDG_STATE_HOME/photogate`, else `~/.local/state/photogate`.
  func stateDirectoryURL() -> URL {
    let env = ProcessInfo.processInfo.environment
    if let path = stateDir ?? env["PHOTOGATE_STATE_DIR"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    if let xdg = env["XDG_STATE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("photogate")
    }
    return FileManager.default.homeDirectoryForCurrentUser
      .appendingPathComponent(".local/state/photogate")
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

extension IOSVersion: ExpressibleByArgument {
  public init?(argument: String) {
    guard let number = Int(argument), let version = IOSVersion(rawValue: number) else {
      return nil
    }
    self = version
  }

  public static var allValueStrings: [String] { allCases.map(\.description) }
}
