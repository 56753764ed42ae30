/// The app's authorization to the photo library. Mirrors `PHAuthorizationStatus`, raw values
/// included.
public enum AuthorizationStatus: Int, Sendable, Equatable, CaseIterable, Codable,
  CustomStringConvertible
{
  case notDetermined = 0
  case restricted = 1
  case denied = 2
  case authorized = 3
  /// iOS 14+: the user chose to share only selected photos.
  case limited = 4

  /// The Swift case name (`notDetermined`, `limited`, …), as used in JSON and text output.
  public var description: String {
    switch self {
    case .notDetermined: "notDetermined"
    case .restricted: "restricted"
    case .denied: "denied"
    case .authorized: "authorized"
    case .limited: "limited"
    }
  }

  /// Parses a Swift case name.
  public init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.description == name }) else { return nil }
    self = match
  }
}
