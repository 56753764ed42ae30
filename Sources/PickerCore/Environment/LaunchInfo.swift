import PhotoLibrary

/// What a fresh launch of the simulated app knows before it asks for anything: its name and
/// the iOS version whose behaviour and wording apply.
public struct LaunchInfo: Sendable, Equatable, Codable {
  /// The app's display name (`CFBundleDisplayName`, else the bundle id).
  public var appName: String
  /// The iOS version being reproduced.
  public var ios: IOSVersion

  public init(appName: String, ios: IOSVersion) {
    self.appName = appName
    self.ios = ios
  }
}
