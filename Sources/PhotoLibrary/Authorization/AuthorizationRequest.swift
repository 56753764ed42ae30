/// Which authorization API an app calls.
///
/// `legacy` is the deprecated `PHPhotoLibrary.requestAuthorization(_:)` /
/// `authorizationStatus()` (the only API on iOS 13; on iOS 14+ it acts on read/write and reports
/// `limited` as `authorized`); the others are `requestAuthorization(for: .addOnly / .readWrite)`.
public enum AuthorizationRequest: String, Sendable, Equatable, Hashable, CaseIterable, Codable,
  CustomStringConvertible
{
  case legacy
  case addOnly
  case readWrite

  /// The level the call asks for before any upgrade (`legacy` asks for read/write).
  public var level: AccessLevel {
    switch self {
    case .legacy, .readWrite: .readWrite
    case .addOnly: .addOnly
    }
  }

  /// Whether the call exists on `ios` (`requestAuthorization(for:)` is iOS 14+).
  public func isAvailable(on ios: IOSVersion) -> Bool {
    self == .legacy || ios.hasAccessLevels
  }

  public var description: String { rawValue }
}
