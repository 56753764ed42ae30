/// The iOS release whose behaviour and wording PhotoGate reproduces.
///
/// iOS 13 has a single access level; 14–16 add add-only and limited access with the
/// "Select Photos…" prompt; 17 and later word the prompt and the Settings options differently.
public enum IOSVersion: Int, Sendable, Equatable, Comparable, CaseIterable, Codable,
  CustomStringConvertible
{
  case iOS13 = 13
  case iOS14 = 14
  case iOS15 = 15
  case iOS16 = 16
  case iOS17 = 17
  case iOS18 = 18
  case iOS26 = 26

  /// The newest behaviour, used when none is chosen.
  public static let newest: IOSVersion = .iOS26

  /// The major version number ("17").
  public var description: String { String(rawValue) }

  /// Whether add-only / read/write levels and limited access exist (iOS 14+).
  public var hasAccessLevels: Bool { self >= .iOS14 }

  public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool { lhs.rawValue < rhs.rawValue }
}
