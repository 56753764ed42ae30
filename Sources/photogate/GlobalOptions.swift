import ArgumentParser
import Foundation
import PhotoLibrary

/// The options of the commands that launch the simulated app over a library: the app's
/// options (``AppOptions``) and the library folder (``LibraryOptions``).
struct GlobalOptions: ParsableArguments {
  @OptionGroup var libraryOptions: LibraryOptions
  @OptionGroup var appOptions: AppOptions

  /// `--library`.
  var library: String? {
    get { libraryOptions.library }
    set { libraryOptions.library = newValue }
  }
  /// `--app`.
  var app: String { appOptions.app }
  /// `--ios`.
  var ios: IOSVersion { appOptions.ios }
  /// `--info-plist`.
  var infoPlist: String? { appOptions.infoPlist }
  /// `--state-dir`.
  var stateDir: String? { appOptions.stateDir }

  /// The library folder chosen by the options and the environment (see ``LibraryOptions``).
  func libraryURL(positional: String? = nil) -> URL {
    libraryOptions.libraryURL(positional: positional)
  }

  /// The library folder, checked: it exists, is a folder, and was not picked by accident.
  func checkedLibraryURL(positional: String? = nil) throws -> URL {
    try libraryOptions.checkedLibraryURL(positional: positional)
  }

  func stateDirectoryURL() -> URL { appOptions.stateDirectoryURL() }
  func loadInfoPlist() throws -> InfoPlist { try appOptions.loadInfoPlist() }
  func makeStore() -> FileAuthorizationStore { appOptions.makeStore() }
  func loadState() throws -> AuthorizationState { try appOptions.loadState() }
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
