import PhotoLibrary

/// The app's authorization to the photo library. Mirrors `PHAuthorizationStatus`, raw values
/// included (`limited` is iOS 14+).
@frozen public enum PHAuthorizationStatus: Int, Sendable, Equatable, Hashable, CaseIterable {
  case notDetermined = 0
  case restricted = 1
  case denied = 2
  case authorized = 3
  case limited = 4
}

extension PHAuthorizationStatus: CustomStringConvertible {
  /// The Swift case name (`notDetermined`, `limited`, …).
  public var description: String { AuthorizationStatus(self).description }
}

extension PHAuthorizationStatus {
  /// The status the engine derived (the two enums share PhotoKit's raw values).
  init(_ status: AuthorizationStatus) {
    self.init(rawValue: status.rawValue)!
  }
}

extension AuthorizationStatus {
  /// The engine's status for a PhotoKit one.
  init(_ status: PHAuthorizationStatus) {
    self.init(rawValue: status.rawValue)!
  }
}
